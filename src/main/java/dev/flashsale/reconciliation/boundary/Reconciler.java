package dev.flashsale.reconciliation.boundary;

import dev.flashsale.audit.boundary.AuditTrail;
import dev.flashsale.gate.control.RedisCalls;
import dev.flashsale.gate.control.RedisGate;
import dev.flashsale.platform.security.Roles;
import dev.flashsale.reconciliation.control.ReconciliationLog;
import dev.flashsale.reconciliation.control.StockAudit;
import dev.flashsale.reconciliation.entity.GapAction;
import dev.flashsale.reconciliation.entity.GapKind;
import dev.flashsale.reconciliation.entity.ReconciliationRun;
import dev.flashsale.stock.boundary.StockLedger;
import dev.flashsale.stock.entity.StockLevel;
import jakarta.annotation.security.DeclareRoles;
import jakarta.annotation.security.RolesAllowed;
import jakarta.ejb.Stateless;
import jakarta.inject.Inject;
import java.lang.management.ManagementFactory;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.OptionalLong;
import java.util.logging.Logger;
import redis.clients.jedis.Jedis;

/**
 * One reconciliation run, in one transaction that holds an advisory lock, so that several app
 * nodes never reconcile at once. PostgreSQL audits itself first; then every live SKU's gate
 * counter is compared with PostgreSQL, which wins: a counter above PostgreSQL is corrected at
 * once and raised as an alert; one below is corrected only if the next run finds the same gap
 * (a gap that comes and goes is a claim in flight).
 */
@Stateless
@DeclareRoles({Roles.MERCHANDISER, Roles.VIEWER})
public class Reconciler {

    private static final Logger LOG = Logger.getLogger(Reconciler.class.getName());
    private static final String NODE = ManagementFactory.getRuntimeMXBean().getName();

    @Inject
    ReconciliationLog log;

    @Inject
    StockAudit audit;

    @Inject
    StockLedger stock;

    @Inject
    RedisGate gate;

    @Inject
    RedisCalls redis;

    @Inject
    AuditTrail trail;

    /** @return the run, or empty when another node is reconciling right now */
    public Optional<ReconciliationRun> run() {
        if (!log.tryLock()) {
            return Optional.empty();
        }
        long runId = log.startRun(NODE);
        int gaps = auditLedger(runId);
        List<StockLevel> live = stock.levelsOfLiveSales();
        boolean redisChecked = false;
        if (gate.enabled()) {
            int[] redisGaps = {0};
            redisChecked = redis.run("reconciliation",
                    jedis -> live.forEach(level -> redisGaps[0] += compareCounter(jedis, runId, level)));
            gaps += redisGaps[0];
        }
        log.finishRun(runId, redisChecked, live.size(), gaps);
        return log.recentRuns(1).stream().findFirst();
    }

    /** A merchandiser's "reconcile now", written to the audit trail. */
    @RolesAllowed(Roles.MERCHANDISER)
    public Optional<ReconciliationRun> runOnDemand() {
        Optional<ReconciliationRun> run = run();
        run.ifPresent(done -> trail.record("reconciliation.run", "run:" + done.id(), done.gaps().size() + " gap(s)"));
        return run;
    }

    @RolesAllowed({Roles.MERCHANDISER, Roles.VIEWER})
    public List<ReconciliationRun> recent(int limit) {
        return log.recentRuns(limit);
    }

    private int auditLedger(long runId) {
        List<StockAudit.Mismatch> mismatches = audit.mismatches();
        for (StockAudit.Mismatch bug : mismatches) {
            String detail = "shard " + bug.shard() + ": held " + bug.held() + " but live holds sum to " + bug.reservedHeld()
                    + "; sold " + bug.sold()
                    + " but confirmed reservations sum to " + bug.reservedSold();
            LOG.severe(() -> "Stock of " + bug.sku() + " disagrees with its reservations: " + detail);
            log.record(runId, bug.sku(), GapKind.LEDGER_BUG, GapAction.RECORDED, bug.held(), bug.reservedHeld(), detail);
        }
        return mismatches.size();
    }

    private int compareCounter(Jedis jedis, long runId, StockLevel level) {
        OptionalLong counter = gate.read(jedis, level.sku());
        if (counter.isEmpty()) {
            return 0; // not loaded: it is built from PostgreSQL on first use
        }
        long inRedis = counter.getAsLong();
        int available = level.available();
        if (inRedis == available) {
            return 0;
        }
        if (inRedis > available) {
            gate.load(jedis, level.sku(), available);
            LOG.severe(() -> "ALERT: gate counter of " + level.sku() + " was " + inRedis + ", above the " + available
                    + " units PostgreSQL has available; rebuilt from PostgreSQL");
            log.record(runId, level.sku(), GapKind.REDIS_HIGH, GapAction.ALERTED, available, inRedis,
                    "Redis would let through buyers PostgreSQL must refuse; corrected at once");
            return 1;
        }
        OptionalInt watched = log.watchedGap(level.sku(), runId);
        if (watched.isPresent() && watched.getAsInt() == available - inRedis) {
            gate.load(jedis, level.sku(), available);
            LOG.warning(() -> "Gate counter of " + level.sku() + " stayed " + (available - inRedis)
                    + " below PostgreSQL for two runs; rebuilt from PostgreSQL");
            log.record(runId, level.sku(), GapKind.REDIS_LOW, GapAction.CORRECTED, available, inRedis,
                    "The same gap as the previous run: rebuilt from PostgreSQL");
        } else {
            log.record(runId, level.sku(), GapKind.REDIS_LOW, GapAction.WATCHED, available, inRedis,
                    "Below PostgreSQL (undersells only; may be a claim in flight): corrected if the next run sees the same gap");
        }
        return 1;
    }
}
