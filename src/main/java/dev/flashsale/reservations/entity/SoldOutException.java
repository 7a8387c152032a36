package dev.flashsale.reservations.entity;

import dev.flashsale.platform.problem.ProblemException;
import jakarta.ejb.ApplicationException;

/**
 * Not enough units left. It does not by itself roll the transaction back: holds that the lazy
 * reclaim expired on the way are real progress and are kept. A caller that wrote something
 * that must go marks the transaction for rollback itself.
 */
@ApplicationException(rollback = false)
public class SoldOutException extends ProblemException {

    public SoldOutException(String sku, int qty) {
        super(409, "sold-out", "Sold out", "Fewer than " + qty + " unit(s) of " + sku
                + " are available. Units held by others may still come back when their holds end.");
    }
}
