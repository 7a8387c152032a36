package dev.flashsale.gate.control;

import dev.flashsale.gate.entity.LiveHold;
import dev.flashsale.platform.redis.RedisScripts;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import dev.flashsale.stock.entity.Sku;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.OptionalLong;
import redis.clients.jedis.UnifiedJedis;

/**
 * A SKU's counter and live holds (deadlines, markers) as Redis keeps them, set from PostgreSQL's figures and read
 * back, through the client the caller was handed by {@link RedisCalls}.
 */
@ApplicationScoped
public class CounterStore {

    /**
     * How far Redis' clock and PostgreSQL's may differ around a sale's opening: from this long
     * before the window's start until this long after it, the gate takes nothing and PostgreSQL
     * decides by its own clock ({@code lua/load_counter.lua}, {@code lua/reserve.lua}).
     */
    public static final Duration WINDOW_MARGIN = Duration.ofMillis(500);

    @Inject
    RedisScripts scripts;

    /**
     * Sets the counter to what PostgreSQL has available (its not-open mark as it was); works
     * whether or not the gate is in use.
     *
     * @return the counter before, empty if it was not loaded
     */
    public OptionalLong load(UnifiedJedis jedis, Sku sku, int available) {
        long before = scripts.run(jedis, "load_counter", List.of(GateKeys.counter(sku), GateKeys.soldOut(sku)),
                List.of(Integer.toString(available)));
        return before < 0 ? OptionalLong.empty() : OptionalLong.of(before);
    }

    /**
     * Sets the counter to what PostgreSQL has available, and the SKU's not-open mark (a window's
     * start with {@link #WINDOW_MARGIN}, a pause, or none), both in one script.
     *
     * @return the counter before, empty if it was not loaded
     */
    public OptionalLong load(UnifiedJedis jedis, Sku sku, int available, NotOpenMark mark) {
        long before = scripts.run(jedis, "load_counter", List.of(GateKeys.counter(sku), GateKeys.soldOut(sku), GateKeys.notOpen(sku)),
                List.of(Integer.toString(available), mark.argument(), Long.toString(WINDOW_MARGIN.toMillis())));
        return before < 0 ? OptionalLong.empty() : OptionalLong.of(before);
    }

    /**
     * Replaces the SKU's hold deadlines with PostgreSQL's live holds, and gives a marker to each
     * that has none (placed while the gate was closed), so that its release gives its units back.
     */
    public void loadHolds(UnifiedJedis jedis, Sku sku, List<LiveHold> holds, int markerTtlSeconds) {
        List<String> keys = new ArrayList<>(1 + holds.size());
        List<String> args = new ArrayList<>(1 + 3 * holds.size());
        keys.add(GateKeys.deadlines(sku));
        args.add(Integer.toString(markerTtlSeconds));
        for (LiveHold hold : holds) {
            keys.add(GateKeys.marker(sku, hold.key()));
            args.add(Long.toString(hold.deadline().toEpochMilli()));
            args.add(hold.key().qualified());
            args.add(Integer.toString(hold.units()));
        }
        scripts.run(jedis, "load_holds", keys, args);
    }

    /** The counter as Redis has it, empty if it is not loaded. */
    public OptionalLong read(UnifiedJedis jedis, Sku sku) {
        String value = jedis.get(GateKeys.counter(sku));
        return value == null ? OptionalLong.empty() : OptionalLong.of(Long.parseLong(value));
    }
}
