package dev.flashsale.reservations.entity;

import jakarta.json.bind.annotation.JsonbPropertyOrder;
import java.time.Instant;
import java.util.UUID;

/** A reservation as the storefront sees it. */
@JsonbPropertyOrder({"id", "sku", "buyerId", "qty", "status", "expiresAt"})
public record ReservationView(UUID id, String sku, String buyerId, int qty, ReservationStatus status, Instant expiresAt) {

    public static ReservationView of(Reservation reservation) {
        return new ReservationView(reservation.id(), reservation.sku().value(), reservation.buyerId().value(), reservation.qty(),
                reservation.status(), reservation.expiresAt());
    }
}
