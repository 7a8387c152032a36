package dev.flashsale.sales.entity;

import dev.flashsale.stock.entity.StockLevel;
import jakarta.json.bind.annotation.JsonbPropertyOrder;
import java.time.Instant;
import java.util.List;
import java.util.UUID;

/** A sale with the live counts of each of its SKUs. */
@JsonbPropertyOrder({"id", "name", "status", "holdSeconds", "maxPerOrder", "latePayment", "createdAt", "updatedAt", "items"})
public record SaleView(UUID id, String name, SaleStatus status, int holdSeconds, int maxPerOrder,
                       LatePaymentPolicy latePayment, Instant createdAt, Instant updatedAt, List<StockLevel> items) {
}
