package dev.flashsale.gate.boundary;

import dev.flashsale.gate.entity.HoldConfirmed;
import dev.flashsale.gate.entity.HoldExtended;
import dev.flashsale.gate.entity.UnitsRetaken;
import dev.flashsale.gate.entity.UnitsReturned;
import dev.flashsale.platform.id.SaleId;
import dev.flashsale.sales.entity.SaleOpened;
import dev.flashsale.sales.entity.SaleStockChanged;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import jakarta.enterprise.event.TransactionPhase;
import jakarta.inject.Inject;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * Keeps the gate in step with PostgreSQL, and only after PostgreSQL committed: units that came
 * back (cancel, expiry) are released in Redis, a paid hold leaves the deadlines, an extended
 * hold's deadline moves later, units a late payment took again are taken there too, and an
 * opened sale gets its counters built.
 */
@ApplicationScoped
public class GateSync {

    private static final Logger LOG = Logger.getLogger(GateSync.class.getName());

    @Inject
    RedisGate gate;

    @Inject
    GateCounters counters;

    @Inject
    GateDeadlines deadlines;

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

    void saleStockChanged(@Observes(during = TransactionPhase.AFTER_SUCCESS) SaleStockChanged changed) {
        // Units raised or lowered: the counters follow PostgreSQL's new available units. A claim
        // in flight meanwhile can leave a counter high; PostgreSQL still refuses, and
        // reconciliation corrects it.
        rebuild(changed.saleId());
    }

    private void rebuild(SaleId saleId) {
        try {
            counters.rebuildSale(saleId);
        } catch (RuntimeException e) {
            LOG.log(Level.WARNING, "Counters of sale " + saleId + " not built now; built on first use", e);
        }
    }
}
