package dev.flashsale.stock.entity;

import dev.flashsale.platform.id.BuyerId;
import dev.flashsale.platform.id.IdempotencyKey;
import dev.flashsale.platform.id.ReservationId;

/** A hold whose time ran out (reservation {@code id}), and the units it gave back. */
public record ReturnedHold(ReservationId id, IdempotencyKey key, BuyerId buyerId, int qty) {
}
