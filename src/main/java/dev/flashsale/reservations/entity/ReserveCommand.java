package dev.flashsale.reservations.entity;

import dev.flashsale.stock.entity.Sku;

/** A checked reserve request with its idempotency key. */
public record ReserveCommand(IdempotencyKey key, Sku sku, String buyerId, int qty) {
}
