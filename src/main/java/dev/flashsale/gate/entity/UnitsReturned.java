package dev.flashsale.gate.entity;

/** A hold's units went back on sale (cancelled or expired); fired inside the transaction that did it. */
public record UnitsReturned(String sku, String idempotencyKey) {
}
