package dev.flashsale.stock.entity;

import java.time.Instant;

/** Held and sold units of a sale at one moment. */
public record HeldSoldPoint(Instant at, long held, long sold) {
}
