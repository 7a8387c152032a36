package dev.flashsale.reconciliation.boundary;

import dev.flashsale.audit.boundary.AuditTrail;
import dev.flashsale.audit.entity.AuditAction;
import dev.flashsale.gate.boundary.GateCounters;
import dev.flashsale.platform.security.Roles;
import dev.flashsale.reconciliation.control.ReconciliationLog;
import dev.flashsale.reconciliation.control.StockAudit;
import dev.flashsale.reconciliation.entity.GapAction;
import dev.flashsale.reconciliation.entity.GapKind;
import dev.flashsale.reconciliation.entity.ReconciliationRun;
import dev.flashsale.stock.boundary.StockLedger;
import dev.flashsale.stock.entity.Sku;
import dev.flashsale.stock.entity.StockLevel;
import jakarta.annotation.security.DeclareRoles;
import jakarta.annotation.security.RolesAllowed;
import jakarta.ejb.Stateless;
import jakarta.inject.Inject;
import java.lang.management.ManagementFactory;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.logging.Logger;

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
    GateCounters counters;

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
        Optional<Map<Sku, Long>> inRedis = counters.read(live.stream().map(level -> new Sku(level.sku())).toList());
        boolean redisChecked = inRedis.isPresent();
        Map<Sku, Long> counterOf = inRedis.orElse(Map.of());
        for (StockLevel level : live) {
            Long counter = counterOf.get(new Sku(level.sku()));
            if (counter == null || counter == level.available()) {
                continue; // not loaded (it is built from PostgreSQL on first use), or in step
            }
            if (!recordGap(runId, level, counter)) {
                redisChecked = false; // Redis failed while correcting: the other SKUs are not checked
                break;
            }
            gaps++;
        }
        log.finishRun(runId, redisChecked, live.size(), gaps);
        return log.recentRuns(1).stream().findFirst();
    }

    /** A merchandiser's "reconcile now", written to the audit trail. */
    @RolesAllowed(Roles.MERCHANDISER)
    public Optional<ReconciliationRun> runOnDemand() {
        Optional<ReconciliationRun> run = run();
        run.ifPresent(done -> trail.record(AuditAction.RECONCILIATION_RUN, "run:" + done.id(), done.gaps().size() + " gap(s)"));
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

    /**
     * A gap is corrected when the next run sees the same one: PostgreSQL and Redis are read one
     * after the other, and a claim or a release that lands in between makes a gap that is not
     * there (a cancel committing after PostgreSQL was read has already given its unit back when
     * Redis is read: the counter looks one too high). A counter too high only lets through buyers
     * PostgreSQL then refuses, and one too low only undersells, so neither is worth a wrong
     * correction; a gap that stays is corrected 30 s later, a high one with an alert.
     *
     * @return false when the counter needed correcting and Redis failed (nothing recorded)
     */
    private boolean recordGap(long runId, StockLevel level, long inRedis) {
        int available = level.available();
        GapKind kind = inRedis > available ? GapKind.REDIS_HIGH : GapKind.REDIS_LOW;
        OptionalInt watched = log.watchedGap(level.sku(), kind, runId);
        if (watched.isEmpty() || watched.getAsInt() != available - inRedis) {
            log.record(runId, level.sku(), kind, GapAction.WATCHED, available, inRedis, kind == GapKind.REDIS_HIGH
                    ? "Above PostgreSQL (may be a release landing while the two were read): corrected with an alert if the next run sees the same gap"
                    : "Below PostgreSQL (undersells only; may be a claim in flight): corrected if the next run sees the same gap");
            return true;
        }
        if (!counters.correct(new Sku(level.sku()), available)) {
            return false;
        }
        if (kind == GapKind.REDIS_HIGH) {
            LOG.severe(() -> "ALERT: gate counter of " + level.sku() + " stayed " + (inRedis - available)
                    + " above PostgreSQL for two runs; rebuilt from PostgreSQL");
            log.record(runId, level.sku(), kind, GapAction.ALERTED, available, inRedis,
                    "The same gap as the previous run: Redis let through buyers PostgreSQL must refuse; rebuilt from PostgreSQL");
        } else {
            LOG.warning(() -> "Gate counter of " + level.sku() + " stayed " + (available - inRedis)
                    + " below PostgreSQL for two runs; rebuilt from PostgreSQL");
            log.record(runId, level.sku(), kind, GapAction.CORRECTED, available, inRedis,
                    "The same gap as the previous run: rebuilt from PostgreSQL");
        }
        return true;
    }
}
