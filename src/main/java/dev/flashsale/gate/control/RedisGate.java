package dev.flashsale.gate.control;

import dev.flashsale.gate.entity.Admission;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import org.eclipse.microprofile.config.inject.ConfigProperty;
import redis.clients.jedis.Jedis;
import redis.clients.jedis.Transaction;

/**
 * The cheap atomic check in front of PostgreSQL: a counter per SKU, hold markers per idempotency
 * key, and a sold-out flag, all changed only by the scripts in {@code lua/}. Every failure of
 * Redis is counted and logged, and answered as "ask PostgreSQL".
 */
@ApplicationScoped
public class RedisGate {

    @Inject
    RedisCalls redis;

    @Inject
    GateScripts scripts;

    @Inject
    GateHealth health;

    @Inject
    @ConfigProperty(name = "flashsale.gate.enabled", defaultValue = "true")
    boolean enabled;

    /** Longer than any hold: the marker must outlive the hold it stands for. */
    @Inject
    @ConfigProperty(name = "flashsale.gate.marker-ttl-seconds", defaultValue = "172800")
    int markerTtlSeconds;

    public boolean enabled() {
        return enabled;
    }

    public boolean inUse() {
        return enabled && health.isUp();
    }

    public Admission admit(String sku, String idempotencyKey, int qty) {
        if (!inUse()) {
            return Admission.BYPASSED;
        }
        return redis.call("reserve", jedis -> admission(scripts.run(jedis, "reserve", GateKeys.forKey(sku, idempotencyKey),
                List.of(Integer.toString(qty), Integer.toString(markerTtlSeconds))))).orElse(Admission.BYPASSED);
    }

    /** Gives back the units the key took at the gate, once; nothing if it took none. */
    public void release(String sku, String idempotencyKey) {
        if (enabled) {
            redis.run("release", jedis -> scripts.run(jedis, "release", GateKeys.forKey(sku, idempotencyKey),
                    List.of(idempotencyKey)));
        }
    }

    /** Notes when a hold taken through the gate ends, so that the gate knows when it becomes overdue. */
    public void holdUntil(String sku, String idempotencyKey, Instant deadline) {
        if (inUse()) {
            redis.run("hold deadline", jedis -> jedis.zadd(GateKeys.deadlines(sku), deadline.toEpochMilli(), idempotencyKey));
        }
    }

    /** A hold was paid for: it will never be overdue. */
    public void holdSold(String sku, String idempotencyKey) {
        if (enabled) {
            redis.run("hold sold", jedis -> jedis.zrem(GateKeys.deadlines(sku), idempotencyKey));
        }
    }

    /** PostgreSQL has no unit left: later buyers are refused at the gate until units come back. */
    public void markSoldOut(String sku) {
        if (inUse()) {
            redis.run("sold-out flag", jedis -> jedis.set(GateKeys.soldOut(sku), "1"));
        }
    }

    private static Admission admission(long answer) {
        if (answer >= 0) {
            return Admission.PASSED;
        }
        return switch ((int) answer) {
            case -1 -> Admission.SOLD_OUT;
            case -2 -> Admission.KEY_HOLDS;
            case -3 -> Admission.NOT_LOADED;
            case -4 -> Admission.OVERDUE_HOLDS;
            default -> throw new IllegalStateException("reserve.lua answered " + answer);
        };
    }

    /**
     * Sets the counter to what PostgreSQL has available; works whether or not the gate is in use.
     *
     * @return the counter before, empty if it was not loaded
     */
    public OptionalLong load(Jedis jedis, String sku, int available) {
        long before = scripts.run(jedis, "load_counter", List.of(GateKeys.counter(sku), GateKeys.soldOut(sku)),
                List.of(Integer.toString(available)));
        return before < 0 ? OptionalLong.empty() : OptionalLong.of(before);
    }

    /** Replaces the SKU's hold deadlines with PostgreSQL's live holds (idempotency key to deadline). */
    public void loadDeadlines(Jedis jedis, String sku, Map<String, Instant> holds) {
        Transaction replace = jedis.multi();
        replace.del(GateKeys.deadlines(sku));
        if (!holds.isEmpty()) {
            Map<String, Double> scores = new HashMap<>();
            holds.forEach((key, deadline) -> scores.put(key, (double) deadline.toEpochMilli()));
            replace.zadd(GateKeys.deadlines(sku), scores);
        }
        replace.exec();
    }

    /** The counter as Redis has it, empty if it is not loaded. */
    public OptionalLong read(Jedis jedis, String sku) {
        String value = jedis.get(GateKeys.counter(sku));
        return value == null ? OptionalLong.empty() : OptionalLong.of(Long.parseLong(value));
    }
}
