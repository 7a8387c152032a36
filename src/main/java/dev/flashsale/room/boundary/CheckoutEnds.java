package dev.flashsale.room.boundary;

import dev.flashsale.gate.entity.HoldConfirmed;
import dev.flashsale.gate.entity.UnitsReturned;
import dev.flashsale.platform.id.IdempotencyKey;
import dev.flashsale.platform.id.SaleId;
import dev.flashsale.platform.problem.ProblemException;
import dev.flashsale.room.control.RecentPolls;
import dev.flashsale.room.control.RoomDirectory;
import dev.flashsale.room.control.RoomRedis;
import dev.flashsale.room.control.RoomSteps;
import dev.flashsale.stock.entity.Sku;
import jakarta.annotation.PostConstruct;
import jakarta.annotation.Priority;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.context.Initialized;
import jakarta.enterprise.event.Observes;
import jakarta.enterprise.event.TransactionPhase;
import jakarta.inject.Inject;
import jakarta.interceptor.Interceptor;
import java.util.logging.Level;
import java.util.logging.Logger;
import org.eclipse.microprofile.metrics.Counter;
import org.eclipse.microprofile.metrics.Metadata;
import org.eclipse.microprofile.metrics.MetricRegistry;

/**
 * A checkout that ends frees its buyer's place in the room for the next buyer: once a hold of a
 * sale with its room on is paid for, cancelled or expired (by the sweeper or a lazy reclaim, on
 * any node) and PostgreSQL committed it, the ticket whose token made the reservation leaves the
 * active buyers (lua/room_checkout_ended.lua). The reservations' events for the gate are the
 * moments a hold ends, so the room listens to them too. Redis away: the confirm or cancel stands,
 * the failure is logged and counted ({@code flashsale.room.places.not.freed}), and the place is
 * freed when the ticket's token runs out, as it was before checkouts freed places.
 */
@ApplicationScoped
public class CheckoutEnds {

    private static final Logger LOG = Logger.getLogger(CheckoutEnds.class.getName());

    @Inject
    RecentPolls recentPolls;

    @Inject
    RoomDirectory directory;

    @Inject
    RoomRedis redis;

    @Inject
    RoomSteps steps;

    @Inject
    MetricRegistry registry;

    private Counter notFreed;

    /** Made at start-up, so that its metric is there, at zero, before the first checkout ends. */
    void registerEarly(@Observes @Initialized(ApplicationScoped.class) Object started) {
        // Creating the bean registered its metric.
    }

    @PostConstruct
    void register() {
        notFreed = registry.counter(Metadata.builder().withName("flashsale.room.places.not.freed")
                .withDescription("Ended checkouts whose room place Redis could not free (freed when the token runs out)").build());
    }

    void holdConfirmed(@Observes(during = TransactionPhase.AFTER_SUCCESS) HoldConfirmed confirmed) {
        ended(confirmed.sku(), confirmed.idempotencyKey());
    }

    /**
     * The hold's units are counted as returned to the room, which steps at once to offer them to
     * the next buyer. Heard before the gate hears it (a lower priority than the default), so that
     * the place is free and the units counted before the gate announces them to every node.
     */
    void unitsReturned(@Observes(during = TransactionPhase.AFTER_SUCCESS) @Priority(Interceptor.Priority.APPLICATION)
                       UnitsReturned returned) {
        SaleId saleId = ended(returned.sku(), returned.idempotencyKey());
        if (saleId == null) {
            return;
        }
        try {
            if (returned.batchUnits() > 0) {
                // A sweeper's batch is counted whole with its first hold, before the step it starts finds its units free.
                redis.unitsReturned(saleId, returned.batchUnits());
            }
        } catch (ProblemException redisAway) {
            LOG.log(Level.WARNING, "Units returned by checkout " + returned.idempotencyKey() + " of sale " + saleId
                    + " not counted: Redis away");
            LOG.log(Level.FINE, "Units returned not counted", redisAway);
        }
        steps.unitsBack(saleId);
    }

    /** @return the sale with its room on whose checkout ended, or null when the SKU's sale has none */
    private SaleId ended(Sku sku, IdempotencyKey key) {
        SaleId saleId = directory.saleWithRoomOf(sku).orElse(null);
        if (saleId == null) {
            return null;
        }
        try {
            redis.checkoutEnded(saleId, key.qualified());
            recentPolls.forgetSale(saleId);
        } catch (ProblemException redisAway) {
            notFreed.inc();
            LOG.log(Level.WARNING, "The room place of checkout " + key + " of sale " + saleId
                    + " not freed: Redis away; it is freed when its token runs out");
            LOG.log(Level.FINE, "Room place not freed", redisAway);
        }
        return saleId;
    }
}
