package dev.flashsale.sales.entity;

import dev.flashsale.stock.entity.StockLevel;
import java.time.Instant;
import java.util.UUID;

/**
 * A SKU as a buyer meets it: its counts and the terms of the sale it belongs to. {@code inWindow}
 * is whether the database's clock is inside the sale's window ({@code startsAt}, {@code endsAt};
 * null = open-ended).
 */
public record Offer(StockLevel level, UUID saleId, SaleStatus saleStatus, int holdSeconds, int maxPerOrder,
                    LatePaymentPolicy latePayment, Instant startsAt, Instant endsAt, boolean inWindow) {
}
