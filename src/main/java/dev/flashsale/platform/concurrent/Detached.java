package dev.flashsale.platform.concurrent;

import jakarta.ejb.Asynchronous;
import jakarta.ejb.Stateless;
import jakarta.ejb.TransactionAttribute;
import jakarta.ejb.TransactionAttributeType;

/**
 * Work that runs off the caller's thread in a component invocation of its own, as an asynchronous
 * EJB call does, without a transaction (the work begins its own where it needs one).
 *
 * <p>Why not a managed executor: Payara gives a task submitted to one a shallow copy of the
 * caller's invocation, whose registry (where an entity manager used outside a transaction is kept
 * until the invocation ends) it empties and then shares with the caller. A request that starts a
 * task and goes on, or ends, then uses or closes the task's entity manager while the task uses it:
 * a storefront poll that started a room's draw was answered 500, and the draw failed with "This
 * statement has been closed" (BigRoomDrawIT). An asynchronous call gets an invocation of its own.
 */
@Stateless
@TransactionAttribute(TransactionAttributeType.NOT_SUPPORTED)
public class Detached {

    /** Runs {@code work} on the container's asynchronous threads; what it throws is its own to catch and tell. */
    @Asynchronous
    public void run(Runnable work) {
        work.run();
    }
}
