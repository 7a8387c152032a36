package dev.flashsale.gate.boundary;

import dev.flashsale.gate.control.GateHealth;
import dev.flashsale.gate.control.GateKeys;
import dev.flashsale.gate.control.GateMetrics;
import dev.flashsale.gate.control.RedisCalls;
import dev.flashsale.gate.control.SoldOutMemory;
import dev.flashsale.gate.entity.GateVerdict;
import dev.flashsale.platform.id.IdempotencyKey;
import dev.flashsale.platform.redis.RedisScripts;
import dev.flashsale.stock.entity.Sku;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.util.List;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * The cheap atomic check in front of PostgreSQL: a counter per SKU, hold markers per idempotency
 * key (qualified by its owner, {@link IdempotencyKey#qualified()}: each storefront key has its own
 * space), and a sold-out flag, all changed only by the scripts in {@code lua/}. Every failure of
 * Redis is counted and logged, and answered as "ask PostgreSQL". The gate's entry point for the
 * reserve path and for the follow-ups after PostgreSQL committed; the holds' deadlines are
 * {@link GateDeadlines}'.
 */
@ApplicationScoped
public class RedisGate {

    @Inject
    RedisCalls redis;

    @Inject
    RedisScripts scripts;

    @Inject
    GateHealth health;

    @Inject
    SoldOutMemory soldOut;

    @Inject
    GateMetrics metrics;

    @Inject
    @ConfigProperty(name = "flashsale.gate.enabled")
    boolean enabled;

    /** Longer than any hold: the marker must outlive the hold it stands for. */
    @Inject
    @ConfigProperty(name = "flashsale.gate.marker-ttl-seconds")
    int markerTtlSeconds;

    public int markerTtlSeconds() {
        return markerTtlSeconds;
    }

    public boolean enabled() {
        return enabled;
    }

    public boolean inUse() {
        return enabled && health.isUp();
    }

    /** Whether this node refuses the request as sold out from its memory, without asking Redis ({@link SoldOutMemory}). */
    public boolean refusesFromMemory(Sku sku, IdempotencyKey idempotencyKey) {
        return inUse() && soldOut.refuses(sku, idempotencyKey);
    }

    /**
     * May this request try PostgreSQL? A SKU this node learnt is sold out is refused from its
     * memory ({@link SoldOutMemory}) unless the request's key holds units of it; a refusal from
     * Redis teaches the memory.
     */
    public GateVerdict admit(Sku sku, IdempotencyKey idempotencyKey, int qty) {
        if (!inUse()) {
            return metrics.counted(GateVerdict.BYPASSED);
        }
        if (soldOut.refuses(sku, idempotencyKey)) {
            metrics.refusedFromMemory();
            return metrics.counted(GateVerdict.SOLD_OUT);
        }
        long heard = soldOut.heard(sku);
        return metrics.counted(redis.call("reserve", jedis -> {
            GateVerdict admission = admission(scripts.run(jedis, "reserve", GateKeys.forKey(sku, idempotencyKey),
                    List.of(Integer.toString(qty), Integer.toString(markerTtlSeconds), idempotencyKey.qualified())));
            if (admission == GateVerdict.SOLD_OUT) {
                soldOut.learn(jedis, sku, heard);
            }
            return admission;
        }).orElse(GateVerdict.BYPASSED));
    }

    /**
     * Takes at the gate the units of a hold PostgreSQL made while the SKU's not-open mark sent its
     * buyer on (around the window's opening): as any hold's, with its marker, so that its cancel
     * or expiry gives them back. Past the mark; a counter with too few units (or none loaded)
     * takes nothing, as after a lazy reclaim.
     */
    public void takeHeld(Sku sku, IdempotencyKey idempotencyKey, int qty) {
        if (inUse()) {
            redis.run("reserve", jedis -> scripts.run(jedis, "reserve", GateKeys.forKey(sku, idempotencyKey),
                    List.of(Integer.toString(qty), Integer.toString(markerTtlSeconds), idempotencyKey.qualified(), "held")));
        }
    }

    /** Gives back the units the key took at the gate, once; nothing if it took none. */
    public void release(Sku sku, IdempotencyKey idempotencyKey) {
        if (enabled) {
            redis.run("release", jedis -> scripts.run(jedis, "release", GateKeys.forKey(sku, idempotencyKey),
                    List.of(idempotencyKey.qualified())));
        }
    }

    /**
     * PostgreSQL refused the key's units with none left: the key's marker ends without giving its
     * units back (PostgreSQL had none), and later buyers are refused at the gate, while the
     * counter is 0, until units come back. One script (lua/release_sold_out.lua), so that a unit
     * given back meanwhile is never hidden behind the sold-out flag.
     */
    public void refusedSoldOut(Sku sku, IdempotencyKey idempotencyKey) {
        if (enabled) {
            redis.run("sold-out release", jedis -> scripts.run(jedis, "release_sold_out", GateKeys.forKey(sku, idempotencyKey),
                    List.of(idempotencyKey.qualified())));
        }
    }

    private static GateVerdict admission(long answer) {
        if (answer >= 0) {
            return GateVerdict.PASSED;
        }
        return switch ((int) answer) {
            case -1 -> GateVerdict.SOLD_OUT;
            case -2 -> GateVerdict.KEY_HOLDS;
            case -3 -> GateVerdict.NOT_LOADED;
            case -4 -> GateVerdict.OVERDUE_HOLDS;
            case -5 -> GateVerdict.NOT_OPEN;
            case -6 -> GateVerdict.OPENING;
            default -> throw new IllegalStateException("reserve.lua answered " + answer);
        };
    }
}
