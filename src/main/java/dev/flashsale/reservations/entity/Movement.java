package dev.flashsale.reservations.entity;

import java.time.Instant;

/** One ledger row of a reservation: what moved, by how much, when, and in which transaction. */
public record Movement(long id, String kind, int qty, int heldDelta, int soldDelta, Instant at, long txid) {
}
