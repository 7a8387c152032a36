package dev.flashsale.gate.entity;

import dev.flashsale.platform.id.IdempotencyKey;
import dev.flashsale.stock.entity.Sku;

/** A late payment took units again straight from available (policy RECLAIM); fired inside its transaction. */
public record UnitsRetaken(Sku sku, IdempotencyKey idempotencyKey, int qty) {
}
