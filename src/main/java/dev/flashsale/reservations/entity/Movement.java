package dev.flashsale.reservations.entity;

import java.time.Instant;

/**
 * One ledger row of a reservation: what moved, by how much, when, and in which transaction; an
 * EXTEND moves nothing and names the hold's new deadline ({@code extendedTo}, null for the others).
 */
public record Movement(long id, String kind, int qty, int heldDelta, int soldDelta, Instant at, long txid, Instant extendedTo) {
}
