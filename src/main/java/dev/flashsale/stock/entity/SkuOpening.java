package dev.flashsale.stock.entity;

import java.time.Instant;

/**
 * When the sale of a SKU takes reservations, as far as the gate needs to know: whether it is OPEN
 * or PAUSED, and from when its window runs ({@code null}: no start).
 */
public record SkuOpening(boolean open, boolean paused, Instant startsAt) {
}
