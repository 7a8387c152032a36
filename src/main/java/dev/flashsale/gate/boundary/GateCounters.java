package dev.flashsale.gate.boundary;

import dev.flashsale.audit.boundary.AuditTrail;
import dev.flashsale.audit.entity.AuditAction;
import dev.flashsale.gate.control.CounterStore;
import dev.flashsale.gate.control.LiveHolds;
import dev.flashsale.gate.control.NotOpenMark;
import dev.flashsale.gate.control.RedisCalls;
import dev.flashsale.gate.entity.CounterRebuilt;
import dev.flashsale.platform.id.SaleId;
import dev.flashsale.platform.problem.ProblemException;
import dev.flashsale.platform.redis.RedisScripts;
import dev.flashsale.platform.security.Roles;
import dev.flashsale.stock.boundary.StockLedger;
import dev.flashsale.stock.entity.Sku;
import dev.flashsale.stock.entity.SkuOpening;
import dev.flashsale.stock.entity.StockLevel;
import jakarta.annotation.security.DeclareRoles;
import jakarta.annotation.security.RolesAllowed;
import jakarta.ejb.Stateless;
import jakarta.inject.Inject;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import redis.clients.jedis.UnifiedJedis;

/**
 * Builds the gate's counters from PostgreSQL: when a sale opens, when Redis comes back (empty or
 * not), when a counter is missing, and on a merchandiser's demand. Never the other way round:
 * reconciliation reads the counters here and corrects them to PostgreSQL's figures.
 */
@Stateless
@DeclareRoles({Roles.MERCHANDISER, Roles.VIEWER})
public class GateCounters {

    @Inject
    StockLedger stock;

    @Inject
    RedisGate gate;

    @Inject
    CounterStore store;

    @Inject
    RedisCalls redis;

    @Inject
    RedisScripts scripts;

    @Inject
    LiveHolds holds;

    @Inject
    AuditTrail audit;

    /** A merchandiser's "rebuild Redis counter", written to the audit trail. */
    @RolesAllowed(Roles.MERCHANDISER)
    public CounterRebuilt rebuildOnDemand(Sku sku) {
        CounterRebuilt rebuilt = rebuild(sku);
        audit.record(AuditAction.COUNTER_REBUILD, "sku:" + sku.value(), "counter " + rebuilt.before() + " -> " + rebuilt.available());
        return rebuilt;
    }

    public CounterRebuilt rebuild(Sku sku) {
        StockLevel level = stock.findLevel(sku).orElseThrow(sku::notOnSale);
        return redis.call("counter rebuild", jedis -> rebuilt(jedis, level)).orElseThrow(() -> new ProblemException(503,
                "redis-unavailable", "Redis unavailable",
                "Redis did not answer; reservations go on on PostgreSQL alone. Try again when it is back."));
    }

    /**
     * Loads the scripts into Redis and builds the counter of every SKU of an OPEN or PAUSED sale:
     * what a Redis that comes back (possibly empty) needs. Redis failures propagate.
     */
    public List<CounterRebuilt> rebuildLive() {
        redis.callOrThrow(jedis -> {
            scripts.loadInto(jedis);
            return null;
        });
        return rebuildAll(stock.levelsOfLiveSales());
    }

    /** Builds the counters of one sale's SKUs; Redis failures propagate. */
    public List<CounterRebuilt> rebuildSale(SaleId saleId) {
        return rebuildAll(stock.levelsOfSale(saleId));
    }

    /**
     * The counters of these SKUs as Redis has them, for reconciliation; a SKU whose counter is not
     * loaded is left out. Empty when the gate is switched off or Redis failed.
     */
    public Optional<Map<Sku, Long>> read(List<Sku> skus) {
        if (!gate.enabled()) {
            return Optional.empty();
        }
        return redis.call("reconciliation", jedis -> {
            Map<Sku, Long> counters = new HashMap<>();
            skus.forEach(sku -> store.read(jedis, sku).ifPresent(counter -> counters.put(sku, counter)));
            return counters;
        });
    }

    /** Sets the SKU's counter to what PostgreSQL has available; false when Redis failed. */
    public boolean correct(Sku sku, int available) {
        return redis.run("reconciliation", jedis -> store.load(jedis, sku, available));
    }

    private List<CounterRebuilt> rebuildAll(List<StockLevel> levels) {
        return redis.callOrThrow(jedis -> levels.stream().map(level -> rebuilt(jedis, level)).toList());
    }

    /**
     * The gate's not-open mark of the SKU: a paused sale's (PostgreSQL answers its buyers, the gate
     * takes nothing); the start of an OPEN sale's window while it lies ahead, for a SKU nobody holds
     * or bought units of yet (the gate refuses before it, and a retry PostgreSQL must still answer
     * has no such SKU); else none.
     */
    private NotOpenMark mark(Sku sku, StockLevel level) {
        Optional<SkuOpening> opening = stock.opening(sku);
        if (opening.filter(SkuOpening::paused).isPresent()) {
            return NotOpenMark.PAUSED;
        }
        return opening.filter(SkuOpening::open).filter(open -> open.startsAt() != null && level.held() + level.sold() == 0)
                .map(open -> NotOpenMark.window(open.startsAt())).orElse(NotOpenMark.NONE);
    }

    private CounterRebuilt rebuilt(UnifiedJedis jedis, StockLevel level) {
        Sku sku = new Sku(level.sku());
        store.loadHolds(jedis, sku, holds.of(sku), gate.markerTtlSeconds());
        OptionalLong before = store.load(jedis, sku, level.available(), mark(sku, level));
        return new CounterRebuilt(level.sku(), before.isPresent() ? before.getAsLong() : null, level.available());
    }
}
