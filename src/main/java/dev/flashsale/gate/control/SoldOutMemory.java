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
import java.util.concurrent.atomic.AtomicLongArray;
import org.eclipse.microprofile.config.inject.ConfigProperty;
import redis.clients.jedis.UnifiedJedis;

/**
 * The SKUs this node learnt are sold out, so that a crowd's refusals cost no Redis round trip: a
 * request for such a SKU is refused from memory unless its idempotency key holds units (a retry,
 * answered from PostgreSQL with its reservation). What is learnt is forgotten when units come back
 * to the SKU on any node (announced on {@link GateKeys#UNITS_BACK}, heard by {@code UnitsBackListener}),
 * when its first hold runs out (a buyer may then take that hold's units at once), and at the latest
 * after {@code flashsale.gate.sold-out-memory-ms}. Nothing is refused from memory while this node
 * does not hear the announcements, and nothing learnt before a missed one is kept. What is learnt
 * while units come back to the SKU is dropped; announcements are counted in stripes of SKUs, so
 * that those of other SKUs (a sale's holds running out elsewhere) seldom drop it.
 */
@ApplicationScoped
public class SoldOutMemory {

    /** How many stripes the SKUs' announcements are counted in. */
    static final int STRIPES = 1024;

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
    /** Moves with every announcement of a SKU of the stripe: what was asked of it before may be out of date. */
    private final AtomicLongArray heardOfStripe = new AtomicLongArray(STRIPES);
    /** Moves when the node starts or stops hearing the announcements: what was asked before may be out of date for every SKU. */
    private final AtomicLong listeningChanges = new AtomicLong();
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

    /**
     * The announcements heard so far that may be of the SKU: taken before the gate is asked, handed
     * to {@link #learn}. Both counts only grow, so their sum moves whenever either does.
     */
    public long heard(Sku sku) {
        return listeningChanges.get() + heardOfStripe.get(stripe(sku.value()));
    }

    /** The stripe whose count the SKU's announcements move. */
    static int stripe(String sku) {
        return Math.floorMod(sku.hashCode(), STRIPES);
    }

    /**
     * The gate refused the SKU as sold out: what Redis says of it now, in one round trip, is kept,
     * unless an announcement that may be of it was heard since {@code heardBefore} or Redis no
     * longer says sold out.
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
        if (until > now && heard(sku) == heardBefore) {
            soldOut.put(sku.value(), new SoldOut(until, Set.copyOf(keys)));
            if (heard(sku) != heardBefore) {
                soldOut.remove(sku.value());
            }
        }
    }

    /** Units came back to the SKU somewhere. */
    public void unitsBack(String sku) {
        heardOfStripe.incrementAndGet(stripe(sku));
        soldOut.remove(sku);
    }

    /** Whether the announcements are heard; when that changes, everything learnt is forgotten. */
    public void listening(boolean now) {
        listeningChanges.incrementAndGet();
        listening = now;
        soldOut.clear();
    }

    /** How many SKUs this node refuses from memory now (for the metrics). */
    public int size() {
        return soldOut.size();
    }
}
