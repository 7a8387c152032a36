package dev.flashsale.reservations.entity;

import dev.flashsale.platform.id.BuyerId;
import dev.flashsale.platform.id.ReservationId;
import jakarta.json.bind.annotation.JsonbPropertyOrder;
import java.time.Instant;

/** A reservation as the storefront sees it; {@code extensions}: how often its hold was extended. */
@JsonbPropertyOrder({"id", "sku", "buyerId", "qty", "status", "expiresAt", "extensions"})
public record ReservationView(ReservationId id, String sku, BuyerId buyerId, int qty, ReservationStatus status, Instant expiresAt,
                              int extensions) {

    public static ReservationView of(Reservation reservation) {
        return new ReservationView(reservation.id(), reservation.sku().value(), reservation.buyerId(), reservation.qty(),
                reservation.status(), reservation.expiresAt(), reservation.extensions());
    }
}
