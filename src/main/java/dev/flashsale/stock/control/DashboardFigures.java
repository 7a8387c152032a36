package dev.flashsale.stock.control;

import dev.flashsale.platform.id.SaleId;
import dev.flashsale.platform.sql.Rows;
import dev.flashsale.platform.sql.Statements;
import dev.flashsale.stock.entity.HeldSoldPoint;
import dev.flashsale.stock.entity.SkuActivity;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.persistence.Tuple;
import java.util.List;

/** What a sale's dashboard reads: counts per SKU and held/sold over time, from the ledger. */
@ApplicationScoped
public class DashboardFigures {

    @Inject
    Statements sql;

    public List<SkuActivity> perSku(SaleId saleId) {
        List<Tuple> rows = sql.named("stock/find_sku_activity_of_sale").with("saleId", saleId.value()).rows();
        return rows.stream().map(row -> new SkuActivity(Rows.text(row, "sku"), Rows.integer(row, "total"),
                Rows.integer(row, "available"), Rows.integer(row, "held"), Rows.integer(row, "sold"),
                Rows.number(row, "expired"), Rows.number(row, "cancelled"))).toList();
    }

    public List<HeldSoldPoint> overTime(SaleId saleId, int points) {
        List<Tuple> rows = sql.named("stock/find_held_sold_over_time")
                .with("saleId", saleId.value())
                .with("points", points)
                .rows();
        return rows.stream().map(row -> new HeldSoldPoint(Rows.instant(row, "at"), Rows.number(row, "held"),
                Rows.number(row, "sold"))).toList();
    }
}
