package dev.flashsale.sales.entity;

import dev.flashsale.platform.id.SaleId;
import dev.flashsale.stock.entity.StockLevel;
import jakarta.json.bind.annotation.JsonbPropertyOrder;
import java.time.Instant;
import java.util.List;

/** A sale with the live counts of each of its SKUs. */
@JsonbPropertyOrder({"id", "name", "status", "holdSeconds", "maxPerOrder", "maxPerBuyer", "latePayment", "maxExtensionSeconds",
        "maxExtensions", "startsAt", "endsAt", "createdAt", "updatedAt", "items"})
public record SaleView(SaleId id, String name, SaleStatus status, int holdSeconds, int maxPerOrder, Integer maxPerBuyer,
                       LatePaymentPolicy latePayment, int maxExtensionSeconds, int maxExtensions, Instant startsAt,
                       Instant endsAt, Instant createdAt, Instant updatedAt, List<StockLevel> items) {

    public int total() {
        return items.stream().mapToInt(StockLevel::total).sum();
    }

    public int held() {
        return items.stream().mapToInt(StockLevel::held).sum();
    }

    public int sold() {
        return items.stream().mapToInt(StockLevel::sold).sum();
    }

    public int available() {
        return items.stream().mapToInt(StockLevel::available).sum();
    }
}
