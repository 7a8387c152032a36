package dev.flashsale.reservations.entity;

import jakarta.ejb.ApplicationException;

/**
 * Another transaction recorded one of a group's idempotency keys while this one took the
 * group's units: this transaction rolls back (its units with it) and is tried again, when the
 * other's reservation is found and replayed.
 */
@ApplicationException(rollback = true)
public class KeyTakenMeanwhile extends RuntimeException {

    public KeyTakenMeanwhile(int asked, int placed) {
        super(placed + " of " + asked + " holds recorded: a key was taken by another transaction", null, false, false);
    }
}
