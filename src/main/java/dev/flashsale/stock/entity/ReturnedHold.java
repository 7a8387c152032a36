package dev.flashsale.stock.entity;

import dev.flashsale.platform.id.IdempotencyKey;
import java.util.UUID;

/** A hold whose time ran out (reservation {@code id}), and the units it gave back. */
public record ReturnedHold(UUID id, IdempotencyKey key, String buyerId, int qty) {
}
