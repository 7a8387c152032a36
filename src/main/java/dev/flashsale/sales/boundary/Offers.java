package dev.flashsale.sales.boundary;

import dev.flashsale.platform.id.SaleId;
import dev.flashsale.platform.sql.Rows;
import dev.flashsale.platform.sql.Statements;
import dev.flashsale.sales.entity.LatePaymentPolicy;
import dev.flashsale.sales.entity.Offer;
import dev.flashsale.sales.entity.SaleStatus;
import dev.flashsale.stock.boundary.StockLedger;
import dev.flashsale.stock.entity.Sku;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.transaction.Transactional;
import java.util.Optional;

/**
 * A SKU as a buyer meets it, for the reserve path and the hold transitions: its counts with the
 * terms of its sale, read in one statement inside the caller's transaction.
 */
@ApplicationScoped
@Transactional(Transactional.TxType.MANDATORY)
public class Offers {

    @Inject
    Statements sql;

    /** @return empty when no sale has the SKU */
    public Optional<Offer> find(Sku sku) {
        return sql.named("sales/find_offer").with("sku", sku.value()).firstRow()
                .map(row -> new Offer(StockLedger.level(row), new SaleId(Rows.uuid(row, "sale_id")),
                        SaleStatus.valueOf(Rows.text(row, "status")), Rows.integer(row, "hold_seconds"),
                        Rows.integer(row, "max_per_order"), Rows.optionalInteger(row, "max_per_buyer"),
                        LatePaymentPolicy.valueOf(Rows.text(row, "late_payment")),
                        Rows.instant(row, "starts_at"), Rows.instant(row, "ends_at"), Boolean.TRUE.equals(row.get("in_window")),
                        Boolean.TRUE.equals(row.get("room_on"))));
    }
}
