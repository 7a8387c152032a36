package dev.flashsale.reservations.entity;

import java.time.Instant;
import java.util.UUID;

/** One buyer's claim on units of one SKU, as stored. */
public record Reservation(UUID id, String idempotencyKey, String sku, String buyerId, int qty,
                          ReservationStatus status, Instant createdAt, Instant expiresAt, Instant updatedAt) {

    /** Whether a retry under the same idempotency key asks for the same thing. */
    public boolean sameRequestAs(ReserveCommand command) {
        return sku.equals(command.sku().value()) && buyerId.equals(command.buyerId()) && qty == command.qty();
    }
}
