package dev.flashsale.gate.entity;

/** A hold was paid for: its units are sold; fired inside the transaction that confirmed it. */
public record HoldConfirmed(String sku, String idempotencyKey) {
}
