package dev.flashsale.reservations.entity;

import dev.flashsale.platform.id.BuyerId;
import dev.flashsale.platform.id.IdempotencyKey;
import dev.flashsale.platform.id.ReservationId;
import dev.flashsale.stock.entity.Sku;
import java.time.Instant;

/** One buyer's claim on units of one SKU, as stored; {@code extensions}: how often its hold was extended. */
public record Reservation(ReservationId id, IdempotencyKey idempotencyKey, Sku sku, BuyerId buyerId, int qty,
                          ReservationStatus status, Instant createdAt, Instant expiresAt, Instant updatedAt, int extensions) {

    /** Whether a retry under the same idempotency key asks for the same thing. */
    public boolean sameRequestAs(ReserveCommand command) {
        return sku.equals(command.sku()) && buyerId.equals(command.buyerId()) && qty == command.qty();
    }
}
