package dev.flashsale.gate.control;

import dev.flashsale.platform.redis.RedisScripts;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import dev.flashsale.platform.id.IdempotencyKey;
import dev.flashsale.stock.entity.Sku;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import redis.clients.jedis.UnifiedJedis;

/**
 * A SKU's counter and hold deadlines as Redis keeps them, set from PostgreSQL's figures and read
 * back, through the client the caller was handed by {@link RedisCalls}.
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
    public OptionalLong load(UnifiedJedis jedis, Sku sku, int available) {
        long before = scripts.run(jedis, "load_counter", List.of(GateKeys.counter(sku), GateKeys.soldOut(sku)),
                List.of(Integer.toString(available)));
        return before < 0 ? OptionalLong.empty() : OptionalLong.of(before);
    }

    /** Replaces the SKU's hold deadlines with PostgreSQL's live holds (idempotency key to deadline). */
    public void loadDeadlines(UnifiedJedis jedis, Sku sku, Map<IdempotencyKey, Instant> holds) {
        List<String> pairs = new ArrayList<>(2 * holds.size());
        holds.forEach((key, deadline) -> {
            pairs.add(Long.toString(deadline.toEpochMilli()));
            pairs.add(key.value());
        });
        scripts.run(jedis, "load_deadlines", List.of(GateKeys.deadlines(sku)), pairs);
    }

    /** The counter as Redis has it, empty if it is not loaded. */
    public OptionalLong read(UnifiedJedis jedis, Sku sku) {
        String value = jedis.get(GateKeys.counter(sku));
        return value == null ? OptionalLong.empty() : OptionalLong.of(Long.parseLong(value));
    }
}
