package dev.flashsale.reservations.boundary;

import dev.flashsale.platform.Causes;
import dev.flashsale.reservations.control.HoldExpiry;
import dev.flashsale.reservations.control.ReservationMetrics;
import dev.flashsale.reservations.entity.ExpiredHolds;
import dev.flashsale.stock.entity.ShardRef;
import jakarta.annotation.Resource;
import jakarta.ejb.SessionContext;
import jakarta.ejb.Stateless;
import jakarta.ejb.TransactionAttribute;
import jakarta.ejb.TransactionAttributeType;
import jakarta.inject.Inject;
import java.util.List;
import java.util.logging.Level;
import java.util.logging.Logger;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * Expires every overdue hold and gives its units back: a short transaction per batch of one
 * shard of a SKU, so a sweep never holds many locks, and any number of sweepers (one per app node) can
 * run at the same moment without returning a unit twice.
 */
@Stateless
public class HoldSweeper {

    private static final Logger LOG = Logger.getLogger(HoldSweeper.class.getName());

    /** A bound on one sweep's work; whatever is left waits for the next tick. */
    private static final int MAX_SKUS_PER_SWEEP = 1000;
    private static final int MAX_BATCHES_PER_SKU = 50;

    @Inject
    HoldExpiry expiry;

    @Inject
    ReservationMetrics metrics;

    @Inject
    @ConfigProperty(name = "flashsale.sweeper.batch-size")
    int batchSize;

    @Resource
    SessionContext context;

    @TransactionAttribute(TransactionAttributeType.NOT_SUPPORTED)
    public ExpiredHolds sweep() {
        HoldSweeper transactional = context.getBusinessObject(HoldSweeper.class);
        ExpiredHolds total = ExpiredHolds.NONE;
        for (ShardRef shard : transactional.shardsWithOverdueHolds()) {
            try {
                for (int batch = 0; batch < MAX_BATCHES_PER_SKU; batch++) {
                    ExpiredHolds expired = transactional.expireBatch(shard);
                    total = total.plus(expired);
                    if (expired.holds() < batchSize) {
                        break;
                    }
                }
            } catch (RuntimeException failed) {
                // That batch rolled back; the shards after it are swept all the same, and this one
                // is tried again at the next tick.
                LOG.warning(() -> "Sweeper could not expire the overdue holds of " + shard.sku() + " shard " + shard.shard()
                        + ": " + Causes.summary(failed));
                LOG.log(Level.FINE, "Sweep failure", failed);
            }
        }
        metrics.swept(total);
        if (total.holds() > 0) {
            ExpiredHolds swept = total;
            LOG.info(() -> "Sweeper expired " + swept.holds() + " holds, " + swept.units() + " units back on sale");
        }
        return total;
    }

    @TransactionAttribute(TransactionAttributeType.REQUIRES_NEW)
    public List<ShardRef> shardsWithOverdueHolds() {
        return expiry.shardsWithOverdueHolds(MAX_SKUS_PER_SWEEP);
    }

    @TransactionAttribute(TransactionAttributeType.REQUIRES_NEW)
    public ExpiredHolds expireBatch(ShardRef shard) {
        return expiry.expireOverdueHolds(shard, batchSize);
    }
}
