package dev.flashsale.sales.entity;

import java.time.Instant;

/** A sale's terms once defaults are applied and the input is checked. */
public record SaleTerms(String name, int holdSeconds, int maxPerOrder, LatePaymentPolicy latePayment,
                        Instant startsAt, Instant endsAt) {
}
