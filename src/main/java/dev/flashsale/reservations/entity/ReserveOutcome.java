package dev.flashsale.reservations.entity;

/** A reservation, and whether this request created it or replayed an earlier one. */
public record ReserveOutcome(Reservation reservation, boolean created) {
}
