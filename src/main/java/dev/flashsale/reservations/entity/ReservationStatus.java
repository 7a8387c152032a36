package dev.flashsale.reservations.entity;

/** HELD -> CONFIRMED (paid) | CANCELLED (buyer gave up) | EXPIRED (time ran out). Only HELD moves. */
public enum ReservationStatus {
    HELD, CONFIRMED, CANCELLED, EXPIRED
}
