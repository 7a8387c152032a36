package dev.flashsale.reservations.entity;

import dev.flashsale.platform.problem.ProblemException;
import dev.flashsale.stock.entity.Sku;
import jakarta.ejb.ApplicationException;

/**
 * Not enough units left. It does not by itself roll the transaction back: holds that the lazy
 * reclaim expired on the way are real progress and are kept. A caller that wrote something
 * that must go marks the transaction for rollback itself.
 */
@ApplicationException(rollback = false)
public class SoldOutException extends ProblemException {

    private final boolean nothingLeft;

    /** @param nothingLeft whether no unit at all is left (not merely fewer than {@code qty}) */
    public SoldOutException(Sku sku, int qty, boolean nothingLeft) {
        super(409, "sold-out", "Sold out", "Fewer than " + qty + " unit(s) of " + sku
                + " are available. Units held by others may still come back when their holds end.");
        this.nothingLeft = nothingLeft;
    }

    public boolean nothingLeft() {
        return nothingLeft;
    }
}
