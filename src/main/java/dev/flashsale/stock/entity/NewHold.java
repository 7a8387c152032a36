package dev.flashsale.stock.entity;

import dev.flashsale.platform.id.BuyerId;
import dev.flashsale.platform.id.IdempotencyKey;
import dev.flashsale.platform.id.ReservationId;

/**
 * A hold to place while its units are taken: its reservation's id, idempotency key, buyer and
 * units, and the waiting room's ticket whose checked admission token its request showed (null: none).
 */
public record NewHold(ReservationId id, IdempotencyKey key, BuyerId buyerId, int qty, String admissionTicket) {
}
