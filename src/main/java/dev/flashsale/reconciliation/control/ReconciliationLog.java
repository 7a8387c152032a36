package dev.flashsale.reconciliation.control;

import dev.flashsale.platform.sql.Rows;
import dev.flashsale.platform.sql.SqlStatements;
import dev.flashsale.reconciliation.entity.Gap;
import dev.flashsale.reconciliation.entity.GapAction;
import dev.flashsale.reconciliation.entity.GapKind;
import dev.flashsale.reconciliation.entity.ReconciliationRun;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.persistence.EntityManager;
import jakarta.persistence.PersistenceContext;
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

    @PersistenceContext
    EntityManager em;

    @Inject
    SqlStatements sql;

    /** @return false when another node is reconciling right now */
    public boolean tryLock() {
        Tuple row = (Tuple) em.createNativeQuery(sql.get("reconciliation/take_lock"), Tuple.class).getSingleResult();
        return Boolean.TRUE.equals(row.get("locked"));
    }

    public long startRun(String node) {
        return ((Number) em.createNativeQuery(sql.get("reconciliation/insert_run")).setParameter("node", node)
                .getSingleResult()).longValue();
    }

    public void finishRun(long runId, boolean redisChecked, int skusChecked, int gaps) {
        em.createNativeQuery(sql.get("reconciliation/finish_run"))
                .setParameter("id", runId)
                .setParameter("redisChecked", redisChecked)
                .setParameter("skusChecked", skusChecked)
                .setParameter("gaps", gaps)
                .executeUpdate();
    }

    /** Records a gap in the run's log, and counts it in the metrics by kind and action. */
    public void record(long runId, String sku, GapKind kind, GapAction action, long postgresValue, long otherValue,
                       String detail) {
        registry.counter(GAPS, new Tag("kind", kind.name().toLowerCase(Locale.ROOT)),
                new Tag("action", action.name().toLowerCase(Locale.ROOT))).inc();
        em.createNativeQuery(sql.get("reconciliation/insert_gap"))
                .setParameter("runId", runId)
                .setParameter("sku", sku)
                .setParameter("kind", kind.name())
                .setParameter("action", action.name())
                .setParameter("postgresValue", (int) postgresValue)
                .setParameter("otherValue", (int) otherValue)
                .setParameter("detail", detail.length() > 500 ? detail.substring(0, 500) : detail)
                .executeUpdate();
    }

    /** The difference (PostgreSQL minus Redis) of the REDIS_LOW gap the previous run left to watch. */
    /** The gap of this kind the previous finished run left to watch for the SKU (PostgreSQL's figure minus the other). */
    public OptionalInt watchedGap(String sku, GapKind kind, long runId) {
        List<Tuple> rows = em.createNativeQuery(sql.get("reconciliation/find_watched_gap"), Tuple.class)
                .setParameter("sku", sku)
                .setParameter("kind", kind.name())
                .setParameter("runId", runId)
                .getResultList();
        return rows.isEmpty() ? OptionalInt.empty()
                : OptionalInt.of(Rows.integer(rows.get(0), "postgres_value") - Rows.integer(rows.get(0), "other_value"));
    }

    public List<ReconciliationRun> recentRuns(int limit) {
        List<Tuple> runs = em.createNativeQuery(sql.get("reconciliation/find_recent_runs"), Tuple.class)
                .setParameter("limit", limit)
                .getResultList();
        if (runs.isEmpty()) {
            return List.of();
        }
        long oldest = Rows.number(runs.get(runs.size() - 1), "id");
        List<Tuple> gapRows = em.createNativeQuery(sql.get("reconciliation/find_gaps_of_runs"), Tuple.class)
                .setParameter("oldestRunId", oldest)
                .getResultList();
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
