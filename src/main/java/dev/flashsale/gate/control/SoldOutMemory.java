package dev.flashsale.gate.control;

import dev.flashsale.platform.id.IdempotencyKey;
import dev.flashsale.platform.redis.RedisScripts;
import dev.flashsale.stock.entity.Sku;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.nio.charset.StandardCharsets;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import org.eclipse.microprofile.config.inject.ConfigProperty;
import redis.clients.jedis.UnifiedJedis;

/**
 * The SKUs this node learnt are sold out, so that a crowd's refusals cost no Redis round trip: a
 * request for such a SKU is refused from memory unless its idempotency key holds units (a retry,
 * answered from PostgreSQL with its reservation). What is learnt is forgotten when units come back
 * to the SKU on any node (announced on {@link GateKeys#UNITS_BACK}, heard by {@code UnitsBackListener}),
 * when its first hold runs out (a buyer may then take that hold's units at once), and at the latest
 * after {@code flashsale.gate.sold-out-memory-ms}. Nothing is refused from memory while this node
 * does not hear the announcements, and nothing learnt before a missed one is kept.
 */
@ApplicationScoped
public class SoldOutMemory {

    /** What a node knows of a sold-out SKU: until when, and the keys whose requests still go to Redis. */
    private record SoldOut(long untilMillis, Set<String> holders) {
    }

    @Inject
    RedisScripts scripts;

    @Inject
    @ConfigProperty(name = "flashsale.gate.sold-out-memory-ms")
    long memoryMillis;

    @Inject
    @ConfigProperty(name = "flashsale.gate.sold-out-memory-max-holders")
    int maxHolders;

    private final Map<String, SoldOut> soldOut = new ConcurrentHashMap<>();
    /** Moves with every announcement heard: what was asked before it may be out of date. */
    private final AtomicLong heard = new AtomicLong();
    private volatile boolean listening;

    /** Whether this node refuses the key's request for the SKU without asking Redis. */
    public boolean refuses(Sku sku, IdempotencyKey key) {
        SoldOut known = soldOut.get(sku.value());
        if (known == null || !listening) {
            return false;
        }
        if (System.currentTimeMillis() >= known.untilMillis()) {
            soldOut.remove(sku.value(), known);
            return false;
        }
        return !known.holders().contains(key.qualified());
    }

    /** The announcements heard so far: taken before the gate is asked, handed to {@link #learn}. */
    public long heard() {
        return heard.get();
    }

    /**
     * The gate refused the SKU as sold out: what Redis says of it now, in one round trip, is kept,
     * unless an announcement was heard since {@code heardBefore} or Redis no longer says sold out.
     */
    public void learn(UnifiedJedis redis, Sku sku, long heardBefore) {
        if (!listening || memoryMillis <= 0) {
            return;
        }
        long now = System.currentTimeMillis();
        List<?> reply = (List<?>) scripts.runForReply(redis, "sold_out_facts",
                List.of(GateKeys.holders(sku), GateKeys.deadlines(sku), GateKeys.soldOut(sku)), List.of(Integer.toString(maxHolders)));
        long holders = (Long) reply.get(0);
        long firstDeadline = (Long) reply.get(1);
        if (holders > maxHolders || (Long) reply.get(2) == 0) {
            return;
        }
        Set<String> keys = new HashSet<>();
        for (Object key : reply.subList(3, reply.size())) {
            keys.add(key instanceof byte[] bytes ? new String(bytes, StandardCharsets.UTF_8) : key.toString());
        }
        long until = firstDeadline >= 0 ? Math.min(now + memoryMillis, firstDeadline) : now + memoryMillis;
        if (until > now && heard.get() == heardBefore) {
            soldOut.put(sku.value(), new SoldOut(until, Set.copyOf(keys)));
            if (heard.get() != heardBefore) {
                soldOut.remove(sku.value());
            }
        }
    }

    /** Units came back to the SKU somewhere. */
    public void unitsBack(String sku) {
        heard.incrementAndGet();
        soldOut.remove(sku);
    }

    /** Whether the announcements are heard; when that changes, everything learnt is forgotten. */
    public void listening(boolean now) {
        heard.incrementAndGet();
        listening = now;
        soldOut.clear();
    }

    /** How many SKUs this node refuses from memory now (for the metrics). */
    public int size() {
        return soldOut.size();
    }
}
