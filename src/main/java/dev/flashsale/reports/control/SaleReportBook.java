package dev.flashsale.reports.control;

import dev.flashsale.platform.id.SaleId;
import dev.flashsale.platform.sql.Rows;
import dev.flashsale.platform.sql.SqlStatements;
import dev.flashsale.platform.sql.Statements;
import dev.flashsale.reports.entity.Funnel;
import dev.flashsale.reports.entity.SaleActivity;
import dev.flashsale.reports.entity.SkuFunnel;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.persistence.EntityManager;
import jakarta.persistence.PersistenceContext;
import jakarta.persistence.Tuple;
import jakarta.transaction.Transactional;
import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;
import java.util.function.Consumer;
import java.util.stream.Stream;

/**
 * The report's questions to PostgreSQL (db/reports/), read from the ledger as folded
 * ({@link LedgerFold}) and the entries since, the reservations and the audit trail: what the sale
 * did is what they recorded, so the report and the ledger cannot disagree. Called inside the
 * reader's transaction, which a streamed export needs for its cursor.
 */
@ApplicationScoped
public class SaleReportBook {

    /** Rows fetched at a time by the export: its memory stays flat whatever the sale's size. */
    static final int EXPORT_FETCH_ROWS = 1_000;

    /** The key of the whole sale's buyers in {@link #buyers}: no SKU's name (a SKU starts with a letter or digit). */
    public static final String WHOLE_SALE = "*";

    @Inject
    Statements sql;

    /** For the export alone, which streams its rows with fetch hints that {@link Statements} does not set. */
    @PersistenceContext
    EntityManager em;

    @Inject
    SqlStatements texts;

    /** The sale's SKUs' funnels, each with its buyers from {@code buyers} (SKU to count). */
    public List<SkuFunnel> skus(SaleId saleId, Map<String, Long> buyers) {
        List<Tuple> rows = sql.named("reports/sku_funnels").with("saleId", saleId.value()).rows();
        return rows.stream().map(row -> new SkuFunnel(Rows.text(row, "sku"),
                funnelOf(row, buyers.getOrDefault(Rows.text(row, "sku"), 0L)))).toList();
    }

    /** Adds a flush's refusals to their SKUs' counts, by reason and by second, in a transaction of its own. */
    @Transactional(Transactional.TxType.REQUIRES_NEW)
    public void addRefusals(RefusalBatch batch) {
        sql.named("reports/add_refusals")
                .with("skus", batch.reasonSkus())
                .with("reasons", batch.reasons())
                .with("counts", batch.reasonCounts())
                .update();
        sql.named("reports/add_refusal_seconds")
                .with("skus", batch.secondSkus())
                .with("seconds", batch.seconds())
                .with("counts", batch.secondCounts())
                .update();
    }

    /** The sale's refusals: SKU to reason to count. */
    public Map<String, Map<String, Long>> refusals(SaleId saleId) {
        List<Tuple> rows = sql.named("reports/sku_refusals").with("saleId", saleId.value()).rows();
        Map<String, Map<String, Long>> bySku = new TreeMap<>();
        for (Tuple row : rows) {
            bySku.computeIfAbsent(Rows.text(row, "sku"), sku -> new TreeMap<>()).put(Rows.text(row, "reason"), Rows.number(row, "refused"));
        }
        return bySku;
    }

    /** The sale's buyers: SKU to count, and under {@link #WHOLE_SALE} the sale's (a buyer of several SKUs once). */
    public Map<String, Long> buyers(SaleId saleId) {
        List<Tuple> rows = sql.named("reports/sale_buyers").with("saleId", saleId.value()).rows();
        Map<String, Long> buyers = new HashMap<>();
        rows.forEach(row -> buyers.put(Objects.requireNonNullElse(Rows.text(row, "sku"), WHOLE_SALE), Rows.number(row, "buyers")));
        return buyers;
    }

    /** When the audit trail says the sale was first opened; null: never. */
    public Instant opened(SaleId saleId) {
        List<Tuple> rows = sql.named("reports/sale_opened").with("target", "sale:" + saleId).rows();
        return rows.isEmpty() ? null : Rows.instant(rows.get(0), "opened");
    }

    /** The sale's activity over its time, in buckets wide enough for {@link SaleActivity#MOST_POINTS} points. */
    public SaleActivity activity(SaleId saleId) {
        Tuple span = sql.named("reports/sale_activity_span").with("saleId", saleId.value()).singleRow();
        Instant first = Rows.instant(span, "first");
        if (first == null) {
            return SaleActivity.NONE;
        }
        int width = SaleActivity.bucketSecondsFor(first, Rows.instant(span, "last"));
        List<Tuple> rows = sql.named("reports/sale_activity")
                .with("saleId", saleId.value()).with("width", width).with("first", first.toString())
                .rows();
        return new SaleActivity(width, rows.stream().map(row -> new SaleActivity.Point(Rows.instant(row, "bucket"),
                Rows.number(row, "holds"), Rows.number(row, "sales"), Rows.number(row, "refusals"))).toList());
    }

    /** Hands each of the sale's reservations, oldest first, to {@code row}, {@link #EXPORT_FETCH_ROWS} read at a time. */
    public void eachReservation(SaleId saleId, Consumer<Tuple> row) {
        try (Stream<Tuple> rows = em.createNativeQuery(texts.get("reports/sale_reservations"), Tuple.class)
                .setParameter("saleId", saleId.value())
                .setHint("org.hibernate.fetchSize", EXPORT_FETCH_ROWS)
                .setHint("org.hibernate.readOnly", true)
                .getResultStream()) {
            rows.forEach(row);
        }
    }

    private static Funnel funnelOf(Tuple row, long buyers) {
        long reservations = Rows.number(row, "reservations");
        long confirmed = Rows.number(row, "confirmed");
        return new Funnel(Rows.integer(row, "total"), buyers, reservations, Rows.number(row, "held"),
                confirmed, Rows.number(row, "cancelled"), Rows.number(row, "expired"), Rows.number(row, "units_held"),
                Rows.number(row, "units_returned"), Rows.number(row, "units_sold"), Rows.number(row, "units_taken_again"),
                Funnel.paidShareOf(confirmed, reservations), Rows.instant(row, "first_hold"), Rows.instant(row, "sold_out_at"),
                Rows.instant(row, "last_payment"), Map.of());
    }
}
