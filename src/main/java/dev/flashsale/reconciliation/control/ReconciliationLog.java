package dev.flashsale.reconciliation.control;

import dev.flashsale.platform.sql.Rows;
import dev.flashsale.platform.sql.Statements;
import dev.flashsale.reconciliation.entity.Gap;
import dev.flashsale.reconciliation.entity.GapAction;
import dev.flashsale.reconciliation.entity.GapKind;
import dev.flashsale.reconciliation.entity.ReconciliationRun;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.persistence.Tuple;
import jakarta.transaction.Transactional;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.OptionalInt;
import java.util.stream.Collectors;
import org.eclipse.microprofile.metrics.Metadata;
import org.eclipse.microprofile.metrics.MetricRegistry;
import org.eclipse.microprofile.metrics.Tag;

/** Runs and gaps, kept in PostgreSQL; and the lock that makes one run at a time across nodes. */
@ApplicationScoped
@Transactional(Transactional.TxType.MANDATORY)
public class ReconciliationLog {

    private static final Metadata GAPS = Metadata.builder().withName("flashsale.reconciliation.gaps")
            .withDescription("Gaps reconciliation found between PostgreSQL and Redis or the ledger, by kind and action").build();

    @Inject
    MetricRegistry registry;

    @Inject
    Statements sql;

    /** @return false when another node is reconciling right now */
    public boolean tryLock() {
        Tuple row = sql.named("reconciliation/take_lock").singleRow();
        return Boolean.TRUE.equals(row.get("locked"));
    }

    public long startRun(String node) {
        return ((Number) sql.named("reconciliation/insert_run").with("node", node).singleValue()).longValue();
    }

    public void finishRun(long runId, boolean redisChecked, int skusChecked, int gaps) {
        sql.named("reconciliation/finish_run")
                .with("id", runId)
                .with("redisChecked", redisChecked)
                .with("skusChecked", skusChecked)
                .with("gaps", gaps)
                .update();
    }

    /** Records a gap in the run's log, and counts it in the metrics by kind and action. */
    public void record(long runId, String sku, GapKind kind, GapAction action, long postgresValue, long otherValue,
                       String detail) {
        registry.counter(GAPS, new Tag("kind", kind.name().toLowerCase(Locale.ROOT)),
                new Tag("action", action.name().toLowerCase(Locale.ROOT))).inc();
        sql.named("reconciliation/insert_gap")
                .with("runId", runId)
                .with("sku", sku)
                .with("kind", kind.name())
                .with("action", action.name())
                .with("postgresValue", (int) postgresValue)
                .with("otherValue", (int) otherValue)
                .with("detail", detail.length() > 500 ? detail.substring(0, 500) : detail)
                .update();
    }

    /** The gap of this kind the previous finished run left to watch for the SKU (PostgreSQL's figure minus the other). */
    public OptionalInt watchedGap(String sku, GapKind kind, long runId) {
        List<Tuple> rows = sql.named("reconciliation/find_watched_gap")
                .with("sku", sku)
                .with("kind", kind.name())
                .with("runId", runId)
                .rows();
        return rows.isEmpty() ? OptionalInt.empty()
                : OptionalInt.of(Rows.integer(rows.get(0), "postgres_value") - Rows.integer(rows.get(0), "other_value"));
    }

    public List<ReconciliationRun> recentRuns(int limit) {
        List<Tuple> runs = sql.named("reconciliation/find_recent_runs").with("limit", limit).rows();
        if (runs.isEmpty()) {
            return List.of();
        }
        long oldest = Rows.number(runs.get(runs.size() - 1), "id");
        List<Tuple> gapRows = sql.named("reconciliation/find_gaps_of_runs").with("oldestRunId", oldest).rows();
        Map<Long, List<Gap>> gapsByRun = gapRows.stream().collect(Collectors.groupingBy(row -> Rows.number(row, "run_id"),
                Collectors.mapping(ReconciliationLog::gap, Collectors.toList())));
        return runs.stream().map(row -> new ReconciliationRun(Rows.number(row, "id"), Rows.instant(row, "started_at"),
                Rows.instant(row, "finished_at"), Rows.text(row, "node"), Boolean.TRUE.equals(row.get("redis_checked")),
                Rows.integer(row, "skus_checked"), gapsByRun.getOrDefault(Rows.number(row, "id"), List.of()))).toList();
    }

    private static Gap gap(Tuple row) {
        return new Gap(Rows.text(row, "sku"), GapKind.valueOf(Rows.text(row, "kind")),
                GapAction.valueOf(Rows.text(row, "action")), Rows.integer(row, "postgres_value"),
                Rows.integer(row, "other_value"), Rows.text(row, "detail"), Rows.instant(row, "found_at"));
    }
}
