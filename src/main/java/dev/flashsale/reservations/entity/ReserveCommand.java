package dev.flashsale.reservations.entity;

import dev.flashsale.platform.id.IdempotencyKey;
import dev.flashsale.stock.entity.Sku;

/** A checked reserve request with its idempotency key. */
public record ReserveCommand(IdempotencyKey key, Sku sku, BuyerId buyerId, int qty) {
}
