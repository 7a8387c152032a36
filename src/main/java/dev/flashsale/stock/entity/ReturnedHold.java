package dev.flashsale.stock.entity;

import dev.flashsale.platform.id.IdempotencyKey;

/** A hold whose time ran out, and the units it gave back. */
public record ReturnedHold(IdempotencyKey key, int qty) {
}
