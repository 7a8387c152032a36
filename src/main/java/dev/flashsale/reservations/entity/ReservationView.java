package dev.flashsale.reservations.entity;

import jakarta.json.bind.annotation.JsonbPropertyOrder;
import java.time.Instant;
import java.util.UUID;

/** A reservation as the storefront sees it; {@code extensions}: how often its hold was extended. */
@JsonbPropertyOrder({"id", "sku", "buyerId", "qty", "status", "expiresAt", "extensions"})
public record ReservationView(UUID id, String sku, String buyerId, int qty, ReservationStatus status, Instant expiresAt,
                              int extensions) {

    public static ReservationView of(Reservation reservation) {
        return new ReservationView(reservation.id(), reservation.sku().value(), reservation.buyerId().value(), reservation.qty(),
                reservation.status(), reservation.expiresAt(), reservation.extensions());
    }
}
