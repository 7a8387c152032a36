package dev.flashsale.reservations.entity;

import jakarta.ejb.ApplicationException;

/**
 * Another transaction recorded one of a group's idempotency keys, or raised one of its buyers'
 * units past the sale's cap, while this one took the group's units: this transaction rolls back
 * (its units with it) and is tried again, when the other's reservation is found and replayed, or
 * the buyer's new count is read and checked.
 */
@ApplicationException(rollback = true)
public class TakeRaced extends RuntimeException {

    public TakeRaced(String what) {
        super(what, null, false, false);
    }
}
