package dev.flashsale.reservations.entity;

import java.util.List;

/** A page of the reservations a search finds, and how many it finds in all. */
public record ReservationPage(List<Reservation> rows, long total) {
}
