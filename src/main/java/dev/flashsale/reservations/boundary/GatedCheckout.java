package dev.flashsale.reservations.boundary;

import dev.flashsale.gate.boundary.GateCounters;
import dev.flashsale.gate.boundary.RedisGate;
import dev.flashsale.gate.entity.Admission;
import dev.flashsale.platform.Causes;
import dev.flashsale.reservations.entity.ReserveCommand;
import dev.flashsale.reservations.entity.ReserveOutcome;
import dev.flashsale.reservations.entity.SoldOutException;
import jakarta.ejb.EJBException;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.sql.SQLException;
import java.util.Optional;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * The reserve path: sold-out flag and counter in Redis first, then the PostgreSQL transaction
 * ({@link Checkout}), which alone decides. Units the gate let through come back to Redis when
 * PostgreSQL refuses or fails, after its transaction has rolled back. With the gate off or
 * Redis unreachable, every request goes to PostgreSQL: slower, never wrong. Requests that reach
 * PostgreSQL together are reserved in groups ({@link CheckoutQueue}). This bean runs outside any
 * transaction: the gate's follow-up steps come after PostgreSQL's commit or rollback.
 */
@ApplicationScoped
public class GatedCheckout {

    /** PostgreSQL's SQLSTATE for a transaction aborted to break a deadlock. */
    private static final String DEADLOCK_DETECTED = "40P01";
    private static final int DEADLOCK_ATTEMPTS = 3;


    private static final Logger LOG = Logger.getLogger(GatedCheckout.class.getName());

    @Inject
    RedisGate gate;

    @Inject
    GateCounters counters;

    @Inject
    Checkout checkout;

    @Inject
    CheckoutQueue queue;

    public ReserveOutcome reserve(ReserveCommand command) {
        String sku = command.sku().value();
        String key = command.key().value();
        Admission admission = gate.admit(sku, key, command.qty());
        if (admission == Admission.NOT_LOADED) {
            admission = loadCounterAndAdmitAgain(command);
        }
        switch (admission) {
            case SOLD_OUT -> throw new SoldOutException(sku, command.qty(), false);
            case OVERDUE_HOLDS -> {
                return reserveByLazyReclaim(command);
            }
            case KEY_HOLDS, BYPASSED, NOT_LOADED -> {
                return reserveInPostgres(command);
            }
            case PASSED -> {
                return reserveAfterGate(command);
            }
            default -> throw new IllegalStateException("Unknown admission " + admission);
        }
    }

    private ReserveOutcome reserveAfterGate(ReserveCommand command) {
        String sku = command.sku().value();
        ReserveOutcome outcome;
        try {
            outcome = reserveInPostgres(command);
        } catch (RuntimeException refusedOrFailed) {
            // Checkout's transaction is over (rolled back): the units go back to the gate.
            gate.release(sku, command.key().value());
            if (refusedOrFailed instanceof SoldOutException soldOut && soldOut.nothingLeft()) {
                gate.markSoldOut(sku);
            }
            throw refusedOrFailed;
        }
        if (outcome.created()) {
            gate.holdUntil(sku, command.key().value(), outcome.reservation().expiresAt());
        }
        // A replay keeps what it took at the gate: the marker now stands for the units the key's
        // reservation holds (its twin that claimed them in PostgreSQL met this marker and took
        // nothing at the gate). Should the original marker have expired, the counter is one take
        // too low, which only undersells until reconciliation rebuilds it.
        return outcome;
    }

    /**
     * The counter is out but a hold is overdue: PostgreSQL expires it and may give its units to
     * this buyer. The expired hold's units come back to the counter when that transaction
     * commits; this buyer's are then taken from it, so that the counter follows PostgreSQL.
     */
    private ReserveOutcome reserveByLazyReclaim(ReserveCommand command) {
        ReserveOutcome outcome = reserveInPostgres(command);
        if (outcome.created()) {
            gate.admit(command.sku().value(), command.key().value(), command.qty());
            gate.holdUntil(command.sku().value(), command.key().value(), outcome.reservation().expiresAt());
        }
        return outcome;
    }

    private Admission loadCounterAndAdmitAgain(ReserveCommand command) {
        try {
            counters.rebuild(command.sku());
        } catch (RuntimeException unknownSkuOrRedisDown) {
            LOG.log(Level.FINE, "Counter of " + command.sku() + " not loaded; PostgreSQL decides", unknownSkuOrRedisDown);
            return Admission.BYPASSED;
        }
        return gate.admit(command.sku().value(), command.key().value(), command.qty());
    }

    /**
     * The reservation in a group's transaction, or else in Checkout's own transaction, again when
     * PostgreSQL broke a deadlock by aborting it. Claims on a sharded SKU can deadlock near the
     * end of a sale: a shard found full after a wait stays locked until the transaction ends. The
     * aborted transaction left nothing behind, so the whole reservation is simply tried again.
     */
    private ReserveOutcome reserveInPostgres(ReserveCommand command) {
        Optional<ReserveOutcome> grouped = queue.reserve(command);
        if (grouped.isPresent()) {
            return grouped.get();
        }
        for (int attempt = 1; ; attempt++) {
            try {
                return checkout.reserve(command);
            } catch (EJBException failure) {
                if (attempt >= DEADLOCK_ATTEMPTS || !isDeadlock(failure)) {
                    throw failure;
                }
                int next = attempt + 1;
                LOG.fine(() -> "Reservation of " + command.sku().value() + " was a deadlock victim; attempt " + next);
            }
        }
    }

    private static boolean isDeadlock(Throwable failure) {
        return Causes.of(failure).anyMatch(cause -> cause instanceof SQLException sql && DEADLOCK_DETECTED.equals(sql.getSQLState()));
    }
}
