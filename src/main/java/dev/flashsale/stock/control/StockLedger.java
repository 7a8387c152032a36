package dev.flashsale.stock.control;

import dev.flashsale.platform.sql.Rows;
import dev.flashsale.platform.sql.SqlStatements;
import dev.flashsale.sales.entity.LatePaymentPolicy;
import dev.flashsale.sales.entity.SaleStatus;
import dev.flashsale.stock.entity.Offer;
import dev.flashsale.stock.entity.Sku;
import dev.flashsale.stock.entity.StockLevel;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.persistence.EntityManager;
import jakarta.persistence.PersistenceContext;
import jakarta.persistence.Tuple;
import jakarta.transaction.Transactional;
import java.util.List;
import java.util.Optional;
import java.util.UUID;

/**
 * The units of each SKU: reads its counts and takes units for a hold. Units go back through
 * the reservation transitions (cancel, expire), which move stock in the same statement.
 */
@ApplicationScoped
@Transactional(Transactional.TxType.MANDATORY)
public class StockLedger {

    @PersistenceContext
    EntityManager em;

    @Inject
    SqlStatements sql;

    public Optional<Offer> findOffer(Sku sku) {
        List<Tuple> rows = em.createNativeQuery(sql.get("stock/find_offer"), Tuple.class)
                .setParameter("sku", sku.value())
                .getResultList();
        return rows.stream().findFirst().map(row -> new Offer(level(row), Rows.uuid(row, "sale_id"),
                SaleStatus.valueOf(Rows.text(row, "status")), Rows.integer(row, "hold_seconds"),
                Rows.integer(row, "max_per_order"), LatePaymentPolicy.valueOf(Rows.text(row, "late_payment")),
                Rows.instant(row, "starts_at"), Rows.instant(row, "ends_at"), Boolean.TRUE.equals(row.get("in_window"))));
    }

    public List<StockLevel> levelsOfSale(UUID saleId) {
        List<Tuple> rows = em.createNativeQuery(sql.get("stock/find_stock_levels_of_sale"), Tuple.class)
                .setParameter("saleId", saleId)
                .getResultList();
        return rows.stream().map(StockLedger::level).toList();
    }

    /** The SKUs of sales that are OPEN or PAUSED. */
    public List<StockLevel> levelsOfLiveSales() {
        List<Tuple> rows = em.createNativeQuery(sql.get("stock/find_stock_levels_of_live_sales"), Tuple.class)
                .getResultList();
        return rows.stream().map(StockLedger::level).toList();
    }

    /**
     * Takes {@code qty} units for the reservation in one guarded statement.
     *
     * @return false when they are not there (sold out, or the sale is no longer open)
     */
    public boolean claim(String sku, int qty, UUID reservationId) {
        Tuple row = (Tuple) em.createNativeQuery(sql.get("stock/claim_units"), Tuple.class)
                .setParameter("sku", sku)
                .setParameter("qty", qty)
                .setParameter("reservationId", reservationId)
                .getSingleResult();
        return Rows.number(row, "claimed") == 1;
    }

    private static StockLevel level(Tuple row) {
        return new StockLevel(Rows.text(row, "sku"), Rows.integer(row, "total"), Rows.integer(row, "available"),
                Rows.integer(row, "held"), Rows.integer(row, "sold"));
    }
}
