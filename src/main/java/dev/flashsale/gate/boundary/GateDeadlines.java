package dev.flashsale.gate.boundary;

import dev.flashsale.gate.control.GateKeys;
import dev.flashsale.gate.control.RedisCalls;
import dev.flashsale.platform.id.IdempotencyKey;
import dev.flashsale.platform.redis.RedisScripts;
import dev.flashsale.stock.entity.Sku;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.time.Instant;
import java.util.List;

/**
 * The gate's deadlines of the holds it let through, per SKU: the gate refuses to pass a SKU while
 * one of them is overdue (lua/reserve.lua), until PostgreSQL has expired the hold behind it.
 * A hold taken through the gate is noted, an extended one moves later, a paid one leaves, and the
 * past ones are dropped once PostgreSQL found none overdue behind them.
 */
@ApplicationScoped
public class GateDeadlines {

    @Inject
    RedisGate gate;

    @Inject
    RedisCalls redis;

    @Inject
    RedisScripts scripts;

    /** Notes when a hold taken through the gate ends, so that the gate knows when it becomes overdue. */
    public void holdUntil(Sku sku, IdempotencyKey idempotencyKey, Instant deadline) {
        if (gate.inUse()) {
            redis.run("hold deadline", jedis -> jedis.zadd(GateKeys.deadlines(sku), deadline.toEpochMilli(), idempotencyKey.qualified()));
        }
    }

    /**
     * A hold's deadline moved later (lua/extend_hold.lua): the gate's deadline of it follows, and
     * its marker outlives it. A failure is reported like every other (the gate closes, and its
     * recovery records every live hold's deadline from PostgreSQL before it opens again).
     */
    public void holdExtended(Sku sku, IdempotencyKey idempotencyKey, Instant deadline) {
        if (gate.enabled()) {
            redis.run("hold extended", jedis -> scripts.run(jedis, "extend_hold", GateKeys.forExtension(sku, idempotencyKey),
                    List.of(idempotencyKey.qualified(), Long.toString(deadline.toEpochMilli()), Integer.toString(gate.markerTtlSeconds()))));
        }
    }

    /** A hold was paid for: it will never be overdue. */
    public void holdSold(Sku sku, IdempotencyKey idempotencyKey) {
        if (gate.enabled()) {
            redis.run("hold sold", jedis -> jedis.zrem(GateKeys.deadlines(sku), idempotencyKey.qualified()));
        }
    }

    /** Forgets the deadlines already past: PostgreSQL found no overdue hold behind them. */
    public void dropPastDeadlines(Sku sku) {
        if (gate.inUse()) {
            redis.run("stale deadlines", jedis -> jedis.zremrangeByScore(GateKeys.deadlines(sku), Double.NEGATIVE_INFINITY,
                    System.currentTimeMillis()));
        }
    }
}
