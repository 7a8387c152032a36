package dev.flashsale.room.control;

import dev.flashsale.platform.concurrent.Detached;
import dev.flashsale.platform.id.SaleId;
import dev.flashsale.room.entity.Stepped;
import jakarta.annotation.Resource;
import jakarta.enterprise.concurrent.ManagedScheduledExecutorService;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * Steps of a room's admission that no buyer's poll brings (lua/room_batch.lua with no call of its
 * own; the script alone judges how many it admits): one as soon as units come back to the sale,
 * on a fresh reading of its units, and one when the first token of an active buyer runs out, so
 * that its place, and its unit if it did not reserve, go to the next waiting buyer then, not at
 * some later poll. A step that admits, or that follows units back, makes this node forget the sale's
 * remembered polls, so that the buyers it admitted learn it at their next poll. Bounded: at most
 * one step per sale waits for units back, and one for a token, on a thread of the server's.
 */
@ApplicationScoped
public class RoomSteps {

    private static final Logger LOG = Logger.getLogger(RoomSteps.class.getName());
    /** Redis' clock and this node's may differ a little: a token's step runs no sooner than this after it is due, and no more often. */
    private static final long TOKEN_STEP_LATE_MILLIS = 20;

    @Resource
    ManagedScheduledExecutorService executor;

    @Inject
    RoomStock stock;

    @Inject
    RoomRedis redis;

    @Inject
    RecentPolls recentPolls;

    @Inject
    AdmissionEvents admissions;

    @Inject
    Detached detached;

    private final Set<SaleId> unitsBackDue = ConcurrentHashMap.newKeySet();
    private final Map<SaleId, Long> tokenStepAt = new ConcurrentHashMap<>();

    /** Units came back to the sale: a step at once, off the caller's thread. */
    public void unitsBack(SaleId saleId) {
        if (!unitsBackDue.add(saleId)) {
            return;
        }
        try {
            detached.run(() -> {
                // Cleared before the step reads the units: units back meanwhile are read by this step or bring another.
                unitsBackDue.remove(saleId);
                step(saleId, true);
            });
        } catch (RuntimeException refused) {
            unitsBackDue.remove(saleId);
            LOG.log(Level.WARNING, "Room of sale " + saleId + ": the step on units back not run; its next poll steps it", refused);
        }
    }

    /** The room's first token of an active buyer runs out at {@code expiryMillis} (0: none): a step then. */
    public void tokenRunsOut(SaleId saleId, long expiryMillis) {
        if (expiryMillis <= 0) {
            return;
        }
        Long due = tokenStepAt.get(saleId);
        if (due != null && due <= expiryMillis) {
            return; // that step comes first, and looks for the next token when it runs
        }
        boolean[] armed = {false};
        tokenStepAt.compute(saleId, (id, now) -> {
            if (now != null && now <= expiryMillis) {
                return now;
            }
            armed[0] = true;
            return expiryMillis;
        });
        if (!armed[0]) {
            return;
        }
        long delay = Math.max(0, expiryMillis - System.currentTimeMillis()) + TOKEN_STEP_LATE_MILLIS;
        // Scheduled from a detached call, so that the step does not share an invocation with the caller's request.
        try {
            detached.run(() -> {
                try {
                    executor.schedule(() -> {
                        if (tokenStepAt.remove(saleId, expiryMillis)) {
                            step(saleId, false);
                        }
                    }, delay, TimeUnit.MILLISECONDS);
                } catch (RuntimeException refused) {
                    notScheduled(saleId, expiryMillis, refused);
                }
            });
        } catch (RuntimeException refused) {
            notScheduled(saleId, expiryMillis, refused);
        }
    }

    private void notScheduled(SaleId saleId, long expiryMillis, RuntimeException refused) {
        tokenStepAt.remove(saleId, expiryMillis);
        LOG.log(Level.WARNING, "Room of sale " + saleId + ": the step when a token runs out not scheduled; polls step it", refused);
    }

    private void step(SaleId saleId, boolean unitsBack) {
        try {
            RoomStock.Reading units = unitsBack ? stock.fresh(saleId) : stock.of(saleId);
            Stepped stepped = redis.batch(saleId, units.arguments(), 0).stepped();
            if (unitsBack || stepped.admitted() > 0) {
                recentPolls.forgetSale(saleId);
            }
            tokenRunsOut(saleId, stepped.nextTokenExpiryMillis());
            admissions.admitted(saleId, stepped);
        } catch (RuntimeException failed) {
            // Logged and counted where it failed (Redis, PostgreSQL); the buyers' next polls step the room as before.
            LOG.log(Level.WARNING, "Room of sale " + saleId + " not stepped " + (unitsBack ? "on units back" : "at a token's end")
                    + "; its next poll steps it", failed);
        }
    }
}
