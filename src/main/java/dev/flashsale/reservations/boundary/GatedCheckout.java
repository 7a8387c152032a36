package dev.flashsale.reservations.boundary;

import dev.flashsale.gate.boundary.GateCounters;
import dev.flashsale.gate.control.RedisGate;
import dev.flashsale.gate.entity.Admission;
import dev.flashsale.reservations.entity.ReserveCommand;
import dev.flashsale.reservations.entity.ReserveOutcome;
import dev.flashsale.reservations.entity.SoldOutException;
import jakarta.ejb.Stateless;
import jakarta.ejb.TransactionAttribute;
import jakarta.ejb.TransactionAttributeType;
import jakarta.inject.Inject;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * The reserve path: sold-out flag and counter in Redis first, then the PostgreSQL transaction
 * ({@link Checkout}), which alone decides. Units the gate let through come back to Redis when
 * PostgreSQL refuses or fails, after its transaction has rolled back. With the gate off or
 * Redis unreachable, every request goes to PostgreSQL: slower, never wrong.
 */
@Stateless
@TransactionAttribute(TransactionAttributeType.NOT_SUPPORTED)
public class GatedCheckout {

    private static final Logger LOG = Logger.getLogger(GatedCheckout.class.getName());

    @Inject
    RedisGate gate;

    @Inject
    GateCounters counters;

    @Inject
    Checkout checkout;

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
                return checkout.reserve(command);
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
            outcome = checkout.reserve(command);
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
        ReserveOutcome outcome = checkout.reserve(command);
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
}
