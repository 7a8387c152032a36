package dev.flashsale.reports.control;

import dev.flashsale.platform.sql.Rows;
import dev.flashsale.platform.sql.SqlStatements;
import dev.flashsale.reports.entity.Funnel;
import dev.flashsale.reports.entity.SkuFunnel;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.persistence.EntityManager;
import jakarta.persistence.PersistenceContext;
import jakarta.persistence.Tuple;
import jakarta.transaction.Transactional;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.UUID;
import java.util.function.Consumer;
import java.util.stream.Stream;

/**
 * The report's questions to PostgreSQL (db/reports/), read from the reservations, the ledger and
 * the audit trail: what the sale did is what they recorded, so the report and the ledger cannot
 * disagree. Called inside the facade's transaction, which a streamed export needs for its cursor.
 */
@ApplicationScoped
public class SaleReportBook {

    /** Rows fetched at a time by the export: its memory stays flat whatever the sale's size. */
    static final int EXPORT_FETCH_ROWS = 1_000;

    @PersistenceContext
    EntityManager em;

    @Inject
    SqlStatements sql;

    public List<SkuFunnel> skus(UUID saleId) {
        List<Tuple> rows = em.createNativeQuery(sql.get("reports/sku_funnels"), Tuple.class)
                .setParameter("saleId", saleId)
                .getResultList();
        return rows.stream().map(row -> new SkuFunnel(Rows.text(row, "sku"), funnelOf(row))).toList();
    }

    /** Adds {@code refused} refusals of {@code reason} to the SKU's count, in a transaction of its own. */
    @Transactional(Transactional.TxType.REQUIRES_NEW)
    public void addRefusals(String sku, String reason, long refused) {
        em.createNativeQuery(sql.get("reports/add_refusals"))
                .setParameter("sku", sku)
                .setParameter("reason", reason)
                .setParameter("refused", refused)
                .executeUpdate();
    }

    /** The sale's refusals: SKU to reason to count. */
    public Map<String, Map<String, Long>> refusals(UUID saleId) {
        List<Tuple> rows = em.createNativeQuery(sql.get("reports/sku_refusals"), Tuple.class)
                .setParameter("saleId", saleId)
                .getResultList();
        Map<String, Map<String, Long>> bySku = new TreeMap<>();
        for (Tuple row : rows) {
            bySku.computeIfAbsent(Rows.text(row, "sku"), sku -> new TreeMap<>()).put(Rows.text(row, "reason"), Rows.number(row, "refused"));
        }
        return bySku;
    }

    public long buyers(UUID saleId) {
        return ((Number) em.createNativeQuery(sql.get("reports/sale_buyers")).setParameter("saleId", saleId)
                .getSingleResult()).longValue();
    }

    /** When the audit trail says the sale was first opened; null: never. */
    public Instant opened(UUID saleId) {
        List<Tuple> rows = em.createNativeQuery(sql.get("reports/sale_opened"), Tuple.class)
                .setParameter("target", "sale:" + saleId)
                .getResultList();
        return rows.isEmpty() ? null : Rows.instant(rows.get(0), "opened");
    }

    /** Hands each of the sale's reservations, oldest first, to {@code row}, {@link #EXPORT_FETCH_ROWS} read at a time. */
    public void eachReservation(UUID saleId, Consumer<Tuple> row) {
        try (Stream<Tuple> rows = em.createNativeQuery(sql.get("reports/sale_reservations"), Tuple.class)
                .setParameter("saleId", saleId)
                .setHint("org.hibernate.fetchSize", EXPORT_FETCH_ROWS)
                .setHint("org.hibernate.readOnly", true)
                .getResultStream()) {
            rows.forEach(row);
        }
    }

    private static Funnel funnelOf(Tuple row) {
        long reservations = Rows.number(row, "reservations");
        long confirmed = Rows.number(row, "confirmed");
        return new Funnel(Rows.integer(row, "total"), Rows.number(row, "buyers"), reservations, Rows.number(row, "held"),
                confirmed, Rows.number(row, "cancelled"), Rows.number(row, "expired"), Rows.number(row, "units_held"),
                Rows.number(row, "units_returned"), Rows.number(row, "units_sold"), Rows.number(row, "units_taken_again"),
                Funnel.paidShareOf(confirmed, reservations), Rows.instant(row, "first_hold"), Rows.instant(row, "sold_out_at"),
                Rows.instant(row, "last_payment"), Map.of());
    }
}
