package dev.flashsale.gate.entity;

import dev.flashsale.platform.id.IdempotencyKey;
import dev.flashsale.stock.entity.Sku;

/** A hold's {@code units} went back on sale (cancelled or expired); fired inside the transaction that did it. */
public record UnitsReturned(Sku sku, IdempotencyKey idempotencyKey, int units) {
}
