package dev.flashsale.sales.entity;

import dev.flashsale.platform.id.SaleId;
import jakarta.json.bind.annotation.JsonbPropertyOrder;
import java.time.Instant;

/** A line of the sales list: the sale and the sums over its SKUs. */
@JsonbPropertyOrder({"id", "name", "status", "startsAt", "endsAt", "createdAt", "skus", "total", "held", "sold"})
public record SaleSummary(SaleId id, String name, SaleStatus status, Instant startsAt, Instant endsAt,
                          Instant createdAt, int skus, long total, long held, long sold) {

    public long available() {
        return total - held - sold;
    }
}
