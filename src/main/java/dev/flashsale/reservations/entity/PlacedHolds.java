package dev.flashsale.reservations.entity;

import java.util.List;

/**
 * What one group claim did: whether the guarded UPDATE took the group's units, and the holds it
 * recorded (fewer than asked when another transaction took one of the keys meanwhile).
 */
public record PlacedHolds(boolean claimed, List<Reservation> holds) {
}
