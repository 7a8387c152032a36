package dev.flashsale.sales.control;

import dev.flashsale.platform.id.SaleId;
import dev.flashsale.platform.sql.Rows;
import dev.flashsale.platform.sql.Statements;
import dev.flashsale.sales.entity.LatePaymentPolicy;
import dev.flashsale.sales.entity.SaleStatus;
import dev.flashsale.sales.entity.SaleSummary;
import dev.flashsale.sales.entity.SaleTerms;
import dev.flashsale.sales.entity.SaleView;
import dev.flashsale.stock.boundary.StockLedger;
import dev.flashsale.stock.entity.Sku;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.persistence.Tuple;
import jakarta.transaction.Transactional;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Optional;

/** The sales merchandisers set up, and their status changes, each a conditional UPDATE. */
@ApplicationScoped
@Transactional(Transactional.TxType.MANDATORY)
public class SaleCatalog {

    @Inject
    Statements sql;

    @Inject
    StockLedger stock;

    public void insert(SaleId id, SaleTerms terms) {
        bindTerms(sql.named("sales/insert_sale"), terms).with("id", id.value()).update();
    }

    /** @return the sale's status, or empty when it is missing or CLOSED (nothing was changed) */
    public Optional<SaleStatus> update(SaleId id, SaleTerms terms) {
        List<?> rows = bindTerms(sql.named("sales/update_sale"), terms).with("id", id.value()).values();
        return rows.stream().findFirst().map(status -> SaleStatus.valueOf(status.toString()));
    }

    /** @return false when {@code units} is below the SKU's held + sold (the caller checked it is this sale's) */
    public boolean resizeItem(Sku sku, int units) {
        return stock.resize(sku, units);
    }

    /** @return false unless the sale is a DRAFT and nobody reserved the SKU */
    public boolean removeItem(SaleId saleId, Sku sku) {
        return !sql.named("sales/remove_sale_item")
                .with("saleId", saleId.value())
                .with("sku", sku.value())
                .values().isEmpty();
    }

    public List<SaleSummary> list(int limit) {
        List<Tuple> rows = sql.named("sales/find_sales").with("limit", limit).rows();
        return rows.stream().map(row -> new SaleSummary(new SaleId(Rows.uuid(row, "id")), Rows.text(row, "name"),
                SaleStatus.valueOf(Rows.text(row, "status")), Rows.instant(row, "starts_at"),
                Rows.instant(row, "ends_at"), Rows.instant(row, "created_at"), (int) Rows.number(row, "skus"),
                Rows.number(row, "total"), Rows.number(row, "held"), Rows.number(row, "sold"))).toList();
    }

    private static Statements.Named bindTerms(Statements.Named statement, SaleTerms terms) {
        return statement.with("name", terms.name())
                .with("holdSeconds", terms.holdSeconds())
                .with("maxPerOrder", terms.maxPerOrder())
                .with("maxPerBuyer", terms.maxPerBuyer())
                .with("latePayment", terms.latePayment().name())
                .with("maxExtensionSeconds", terms.maxExtensionSeconds())
                .with("maxExtensions", terms.maxExtensions())
                .with("startsAt", timestamp(terms.startsAt()))
                .with("endsAt", timestamp(terms.endsAt()));
    }

    private static OffsetDateTime timestamp(Instant instant) {
        return instant == null ? null : instant.atOffset(ZoneOffset.UTC);
    }

    /** @return false when the SKU already belongs to a sale */
    public boolean addItem(SaleId saleId, Sku sku, int units, int shards) {
        return !sql.named("sales/insert_sale_item")
                .with("saleId", saleId.value())
                .with("sku", sku.value())
                .with("units", units)
                .with("shards", shards)
                .values().isEmpty();
    }

    /**
     * Moves the sale to {@code target} if its current status allows it.
     *
     * @return false when it does not (or the sale does not exist)
     */
    public boolean changeStatus(SaleId id, SaleStatus target) {
        String statement = switch (target) {
            case OPEN -> "sales/open_sale";
            case PAUSED -> "sales/pause_sale";
            case CLOSED -> "sales/close_sale";
            case DRAFT -> throw new IllegalArgumentException("A sale never goes back to DRAFT");
        };
        return !sql.named(statement).with("id", id.value()).values().isEmpty();
    }

    /** The sale with the current counts of its SKUs. */
    public Optional<SaleView> find(SaleId id) {
        return sql.named("sales/find_sale").with("id", id.value()).firstRow()
                .map(row -> new SaleView(new SaleId(Rows.uuid(row, "id")), Rows.text(row, "name"),
                        SaleStatus.valueOf(Rows.text(row, "status")), Rows.integer(row, "hold_seconds"),
                        Rows.integer(row, "max_per_order"), Rows.optionalInteger(row, "max_per_buyer"),
                        LatePaymentPolicy.valueOf(Rows.text(row, "late_payment")), Rows.integer(row, "max_extension_seconds"),
                        Rows.integer(row, "max_extensions"), Rows.instant(row, "starts_at"),
                        Rows.instant(row, "ends_at"), Rows.instant(row, "created_at"), Rows.instant(row, "updated_at"),
                        stock.levelsOfSale(id)));
    }
}
