package dev.flashsale.gate.entity;

import dev.flashsale.platform.id.IdempotencyKey;
import dev.flashsale.stock.entity.Sku;

/** A hold was paid for: its units are sold; fired inside the transaction that confirmed it. */
public record HoldConfirmed(Sku sku, IdempotencyKey idempotencyKey) {
}
