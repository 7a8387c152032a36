package dev.flashsale.sales.entity;

import dev.flashsale.platform.id.SaleId;
import dev.flashsale.stock.entity.StockLevel;
import java.time.Instant;

/**
 * A SKU as a buyer meets it: its counts and the terms of the sale it belongs to. {@code inWindow}
 * is whether the database's clock is inside the sale's window ({@code startsAt}, {@code endsAt};
 * null = open-ended); {@code maxPerBuyer} null = no cap per buyer; {@code roomOn}: the sale's
 * waiting room is on, so a reservation needs an admission.
 */
public record Offer(StockLevel level, SaleId saleId, SaleStatus saleStatus, int holdSeconds, int maxPerOrder,
                    Integer maxPerBuyer, LatePaymentPolicy latePayment, Instant startsAt, Instant endsAt, boolean inWindow, boolean roomOn) {
}
