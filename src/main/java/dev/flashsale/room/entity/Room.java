package dev.flashsale.room.entity;

import dev.flashsale.platform.id.SaleId;
import java.time.Instant;

/**
 * A sale's room as PostgreSQL keeps it. {@code opensAt} is the sale's start, the lottery's second,
 * {@code endsAt} its end (null: none);
 * {@code seed} stays secret until {@code drawnAt} (the lottery's tickets and order are the draw's and the
 * record's to read, {@code RoomBook}, not every reader of a room's settings).
 * {@code recorded} is what the room did as last recorded from Redis.
 */
public record Room(SaleId saleId, boolean enabled, boolean paused, int admissionPerSecond, int maxActive, int tokenSeconds,
                   int missedPollSeconds, Instant preQueueOpensAt, Instant opensAt, Instant endsAt, byte[] seed, String seedHash,
                   Instant drawnAt, RoomFigures recorded) {

    public boolean drawn() {
        return drawnAt != null;
    }

    /** How often a waiting buyer should ask: three polls fit in the time one may miss. */
    public int pollAfterSeconds() {
        return Math.max(1, missedPollSeconds / 3);
    }
}
