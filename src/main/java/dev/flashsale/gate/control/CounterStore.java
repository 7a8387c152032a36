package dev.flashsale.gate.control;

import dev.flashsale.platform.redis.RedisScripts;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import dev.flashsale.platform.id.IdempotencyKey;
import dev.flashsale.stock.entity.Sku;
import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import redis.clients.jedis.Jedis;
import redis.clients.jedis.Transaction;

/**
 * A SKU's counter and hold deadlines as Redis keeps them, set from PostgreSQL's figures and read
 * back, on a connection the caller borrowed through {@link RedisCalls}.
 */
@ApplicationScoped
public class CounterStore {

    @Inject
    RedisScripts scripts;

    /**
     * Sets the counter to what PostgreSQL has available; works whether or not the gate is in use.
     *
     * @return the counter before, empty if it was not loaded
     */
    public OptionalLong load(Jedis jedis, Sku sku, int available) {
        long before = scripts.run(jedis, "load_counter", List.of(GateKeys.counter(sku), GateKeys.soldOut(sku)),
                List.of(Integer.toString(available)));
        return before < 0 ? OptionalLong.empty() : OptionalLong.of(before);
    }

    /** Replaces the SKU's hold deadlines with PostgreSQL's live holds (idempotency key to deadline). */
    public void loadDeadlines(Jedis jedis, Sku sku, Map<IdempotencyKey, Instant> holds) {
        Transaction replace = jedis.multi();
        replace.del(GateKeys.deadlines(sku));
        if (!holds.isEmpty()) {
            Map<String, Double> scores = new HashMap<>();
            holds.forEach((key, deadline) -> scores.put(key.value(), (double) deadline.toEpochMilli()));
            replace.zadd(GateKeys.deadlines(sku), scores);
        }
        replace.exec();
    }

    /** The counter as Redis has it, empty if it is not loaded. */
    public OptionalLong read(Jedis jedis, Sku sku) {
        String value = jedis.get(GateKeys.counter(sku));
        return value == null ? OptionalLong.empty() : OptionalLong.of(Long.parseLong(value));
    }
}
