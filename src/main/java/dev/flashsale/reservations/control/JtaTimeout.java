package dev.flashsale.reservations.control;

import jakarta.annotation.Resource;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.transaction.SystemException;
import jakarta.transaction.TransactionManager;
import java.util.function.Supplier;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * The JTA timeout of the reserve transaction ({@code flashsale.reserve.transaction-timeout-seconds}):
 * the container begins a REQUIRES_NEW transaction on the calling thread with the timeout that
 * thread set last, so it is set just before and put back to the server's default just after.
 */
@ApplicationScoped
public class JtaTimeout {

    /** Payara's transaction manager, the one that begins the container's transactions. */
    @Resource(lookup = "java:appserver/TransactionManager")
    TransactionManager transactions;

    @Inject
    @ConfigProperty(name = "flashsale.reserve.transaction-timeout-seconds")
    int reserveSeconds;

    /** Runs the call, whose transaction is the reserve transaction, then gives the thread the server's default back. */
    public <T> T bounding(Supplier<T> reserveTransaction) {
        set(reserveSeconds);
        try {
            return reserveTransaction.get();
        } finally {
            set(0);
        }
    }

    private void set(int seconds) {
        try {
            transactions.setTransactionTimeout(seconds);
        } catch (SystemException e) {
            throw new IllegalStateException("The transaction manager refused a timeout of " + seconds + " s", e);
        }
    }
}
