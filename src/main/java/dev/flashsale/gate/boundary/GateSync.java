package dev.flashsale.gate.boundary;

import dev.flashsale.gate.control.GateHealth;
import dev.flashsale.gate.entity.HoldConfirmed;
import dev.flashsale.gate.entity.HoldExtended;
import dev.flashsale.gate.entity.UnitsRetaken;
import dev.flashsale.gate.entity.UnitsReturned;
import dev.flashsale.platform.id.SaleId;
import dev.flashsale.sales.entity.SaleOpened;
import dev.flashsale.sales.entity.SalePaused;
import dev.flashsale.sales.entity.SaleWritten;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import jakarta.enterprise.event.TransactionPhase;
import jakarta.inject.Inject;

/**
 * Keeps the gate in step with PostgreSQL, and only after PostgreSQL committed: units that came
 * back (cancel, expiry) are released in Redis, a paid hold leaves the deadlines, an extended
 * hold's deadline moves later, units a late payment took again are taken there too, and an
 * opened sale gets its counters built.
 */
@ApplicationScoped
public class GateSync {

    @Inject
    RedisGate gate;

    @Inject
    GateCounters counters;

    @Inject
    GateDeadlines deadlines;

    @Inject
    GateHealth health;

    void unitsReturned(@Observes(during = TransactionPhase.AFTER_SUCCESS) UnitsReturned returned) {
        gate.release(returned.sku(), returned.idempotencyKey());
    }

    void holdConfirmed(@Observes(during = TransactionPhase.AFTER_SUCCESS) HoldConfirmed confirmed) {
        deadlines.holdSold(confirmed.sku(), confirmed.idempotencyKey());
    }

    void holdExtended(@Observes(during = TransactionPhase.AFTER_SUCCESS) HoldExtended extended) {
        deadlines.holdExtended(extended.sku(), extended.idempotencyKey(), extended.deadline());
    }

    void unitsRetaken(@Observes(during = TransactionPhase.AFTER_SUCCESS) UnitsRetaken retaken) {
        // The answer does not matter: PostgreSQL already sold the units; if the counter cannot
        // follow, reconciliation corrects it.
        gate.admit(retaken.sku(), retaken.idempotencyKey(), retaken.qty());
    }

    void saleOpened(@Observes(during = TransactionPhase.AFTER_SUCCESS) SaleOpened opened) {
        // Built even while the gate is closed: a recovery may be reading the live SKUs right now,
        // before this sale was open. If Redis is down, the recovery builds it later.
        rebuild(opened.saleId());
    }

    void salePaused(@Observes(during = TransactionPhase.AFTER_SUCCESS) SalePaused paused) {
        // Its counters get their mark: while it is paused, the gate takes nothing and PostgreSQL
        // answers every buyer, so that a crowd meeting the pause never hears "sold out" from a
        // counter its own refused claims hold at 0.
        rebuild(paused.saleId());
    }

    void saleWritten(@Observes(during = TransactionPhase.AFTER_SUCCESS) SaleWritten written) {
        // A live sale's units raised or lowered: the counters follow PostgreSQL's new available
        // units. A claim in flight meanwhile can leave a counter high; PostgreSQL still refuses,
        // and reconciliation corrects it.
        if (written.live()) {
            rebuild(written.saleId());
        }
    }

    /**
     * Builds the sale's counters and their not-open marks. Should Redis fail, they may go on saying
     * what PostgreSQL no longer does (units, a window's start): the gate closes, and reservations go
     * to PostgreSQL alone until the recovery has built every live counter again ({@link GateRecoveryTimer}).
     */
    private void rebuild(SaleId saleId) {
        try {
            counters.rebuildSale(saleId);
        } catch (RuntimeException e) {
            health.notBuilt("the counters of sale " + saleId, e);
        }
    }
}
