package dev.flashsale.room.entity;

import dev.flashsale.platform.id.SaleId;
import jakarta.json.bind.annotation.JsonbPropertyOrder;
import java.time.Instant;

/**
 * A sale's room for merchandisers: its settings, the lottery's published hash (and the seed once
 * drawn), and what the room holds now: tickets waiting, in the pre-queue, admitted so far,
 * admitted but not yet reserved, and active (a token still good); and the units that holds gave
 * back, and of those the ones admission handed to a waiting buyer since (re-offered).
 */
@JsonbPropertyOrder({"saleId", "enabled", "paused", "admissionPerSecond", "maxActive", "tokenSeconds", "missedPollSeconds",
        "preQueueOpensAt", "opensAt", "seedHash", "seed", "drawnAt", "waiting", "preQueue", "admitted", "admittedNotReserved",
        "active", "unitsReturned", "unitsReoffered"})
public record RoomView(SaleId saleId, boolean enabled, boolean paused, int admissionPerSecond, int maxActive, int tokenSeconds,
                       int missedPollSeconds, Instant preQueueOpensAt, Instant opensAt, String seedHash, String seed,
                       Instant drawnAt, long waiting, long preQueue, long admitted, long admittedNotReserved, long active,
                       long unitsReturned, long unitsReoffered) {
}
