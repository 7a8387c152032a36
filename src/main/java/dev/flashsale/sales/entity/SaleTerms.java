package dev.flashsale.sales.entity;

import java.time.Instant;

/**
 * A sale's terms once defaults are applied and the input is checked. {@code maxPerBuyer}: the
 * units one buyer may hold and have bought in the sale; null for no cap. {@code maxExtensionSeconds},
 * {@code maxExtensions}: how long and how often a hold may be extended; 0 for off.
 */
public record SaleTerms(String name, int holdSeconds, int maxPerOrder, Integer maxPerBuyer, LatePaymentPolicy latePayment,
                        Instant startsAt, Instant endsAt, int maxExtensionSeconds, int maxExtensions) {
}
