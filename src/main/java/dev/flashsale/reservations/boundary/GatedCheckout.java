package dev.flashsale.reservations.boundary;

import dev.flashsale.gate.boundary.GateCounters;
import dev.flashsale.gate.boundary.GateDeadlines;
import dev.flashsale.gate.boundary.RedisGate;
import dev.flashsale.gate.entity.GateVerdict;
import dev.flashsale.platform.problem.ProblemException;
import dev.flashsale.reservations.control.ReserveRules;
import dev.flashsale.reservations.entity.ReserveCommand;
import dev.flashsale.reservations.entity.ReserveOutcome;
import dev.flashsale.reservations.entity.SoldOutException;
import dev.flashsale.stock.entity.Sku;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.util.List;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * The reserve path: sold-out flag and counter in Redis first, then the PostgreSQL transaction
 * ({@link ReserveTransaction}), which alone decides. Units the gate let through come back to Redis when
 * PostgreSQL refuses or fails, after its transaction has rolled back. With the gate off or
 * Redis unreachable, every request goes to PostgreSQL: slower, never wrong. Requests that reach
 * PostgreSQL together are reserved in groups ({@link CheckoutQueue}). This bean runs outside any
 * transaction: the gate's follow-up steps come after PostgreSQL's commit or rollback.
 */
@ApplicationScoped
public class GatedCheckout {

    private static final Logger LOG = Logger.getLogger(GatedCheckout.class.getName());

    @Inject
    RedisGate gate;

    @Inject
    GateDeadlines deadlines;

    @Inject
    GateCounters counters;

    @Inject
    ReserveTransaction transaction;

    @Inject
    CheckoutQueue queue;

    /** Whether the request will be refused as sold out from this node's memory, without a round trip. */
    public boolean refusedFromMemory(ReserveCommand command) {
        return gate.refusesFromMemory(command.sku(), command.key());
    }

    public ReserveOutcome reserve(ReserveCommand command) {
        GateVerdict admission = gate.admit(command.sku(), command.key(), command.qty());
        if (admission == GateVerdict.NOT_LOADED) {
            admission = loadCounterAndAdmitAgain(command);
        }
        // A switch over every verdict: one added to GateVerdict fails the build here until it is answered.
        return switch (admission) {
            case SOLD_OUT -> throw new SoldOutException(command.sku(), command.qty(), false);
            case NOT_OPEN -> throw ReserveRules.beforeWindow(command.sku());
            case OVERDUE_HOLDS, OPENING -> reserveThenTake(command, admission);
            case KEY_HOLDS, BYPASSED, NOT_LOADED -> reserveInPostgres(command);
            case PASSED -> reserveAfterGate(command);
        };
    }

    private ReserveOutcome reserveAfterGate(ReserveCommand command) {
        Sku sku = command.sku();
        ReserveOutcome outcome;
        try {
            outcome = reserveInPostgres(command);
        } catch (RuntimeException refusedOrFailed) {
            // The reserve transaction is over (refused or rolled back): the units go back to the gate.
            if (refusedOrFailed instanceof SoldOutException soldOut && soldOut.nothingLeft()) {
                gate.refusedSoldOut(sku, command.key());
            } else {
                gate.release(sku, command.key());
            }
            throw refusedOrFailed;
        }
        if (outcome.created()) {
            deadlines.holdUntil(sku, command.key(), outcome.reservation().expiresAt());
        }
        // A replay keeps what it took at the gate: the marker now stands for the units the key's
        // reservation holds (its twin that claimed them in PostgreSQL met this marker and took
        // nothing at the gate). Should the original marker have expired, the counter is one take
        // too low, which only undersells until reconciliation rebuilds it.
        return outcome;
    }

    /**
     * PostgreSQL first, then the gate, so that the counter follows PostgreSQL. A lazy reclaim (the
     * counter out, a hold overdue): PostgreSQL expires the hold and may give its units to this
     * buyer; they come back to the counter when that transaction commits and are then taken from
     * it. Around the window's opening, or with the sale paused, the gate took nothing: a hold
     * PostgreSQL makes is taken past the mark, so that its cancel or expiry gives its units back.
     */
    private ReserveOutcome reserveThenTake(ReserveCommand command, GateVerdict admission) {
        boolean reclaim = admission == GateVerdict.OVERDUE_HOLDS;
        ReserveOutcome outcome;
        try {
            outcome = reserveInPostgres(command);
        } catch (SoldOutException nothingLeft) {
            if (reclaim) {
                // PostgreSQL expired every overdue hold it had: the deadlines still past in Redis are
                // stale (a hold paid for while its deadline was rebuilt), and would send every later
                // buyer here. A hold that went overdue just now is the sweeper's in a few seconds.
                deadlines.dropPastDeadlines(command.sku());
            }
            throw nothingLeft;
        }
        if (outcome.created()) {
            if (reclaim) {
                gate.admit(command.sku(), command.key(), command.qty());
            } else {
                gate.takeHeld(command.sku(), command.key(), command.qty());
            }
            deadlines.holdUntil(command.sku(), command.key(), outcome.reservation().expiresAt());
        }
        return outcome;
    }

    private GateVerdict loadCounterAndAdmitAgain(ReserveCommand command) {
        try {
            counters.rebuild(command.sku());
        } catch (ProblemException refused) {
            if (refused.status() == 404) {
                // No such SKU on sale: the reserve transaction would only look it up again to say so.
                throw refused;
            }
            LOG.log(Level.FINE, "Counter of " + command.sku() + " not loaded; PostgreSQL decides", refused);
            return GateVerdict.BYPASSED;
        } catch (RuntimeException redisDown) {
            LOG.log(Level.FINE, "Counter of " + command.sku() + " not loaded; PostgreSQL decides", redisDown);
            return GateVerdict.BYPASSED;
        }
        return gate.admit(command.sku(), command.key(), command.qty());
    }

    /**
     * The reservation in the group transaction of its stock row's line, or, when that group's
     * transaction failed, in a group of its own.
     */
    private ReserveOutcome reserveInPostgres(ReserveCommand command) {
        return queue.reserve(command).orElseGet(() -> transaction.reserve(command.sku(), ReserveTransaction.ANY_SHARD,
                List.of(command)).answers().get(0).outcomeOrThrow());
    }
}
