package dev.flashsale.stock.entity;

import dev.flashsale.sales.entity.LatePaymentPolicy;
import dev.flashsale.sales.entity.SaleStatus;
import java.util.UUID;

/** A SKU as a buyer meets it: its counts and the terms of the sale it belongs to. */
public record Offer(StockLevel level, UUID saleId, SaleStatus saleStatus, int holdSeconds, int maxPerOrder,
                    LatePaymentPolicy latePayment) {
}
