package dev.flashsale.sales.entity;

import jakarta.json.bind.annotation.JsonbPropertyOrder;
import java.time.Instant;
import java.util.UUID;

/** A line of the sales list: the sale and the sums over its SKUs. */
@JsonbPropertyOrder({"id", "name", "status", "startsAt", "endsAt", "createdAt", "skus", "total", "held", "sold"})
public record SaleSummary(UUID id, String name, SaleStatus status, Instant startsAt, Instant endsAt,
                          Instant createdAt, int skus, long total, long held, long sold) {

    public long available() {
        return total - held - sold;
    }
}
