package dev.flashsale.gate.entity;

/** A late payment took units again straight from available (policy RECLAIM); fired inside its transaction. */
public record UnitsRetaken(String sku, String idempotencyKey, int qty) {
}
