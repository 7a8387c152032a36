package dev.flashsale.room.entity;

import dev.flashsale.platform.id.SaleId;
import jakarta.json.bind.annotation.JsonbPropertyOrder;
import java.time.Instant;

/**
 * What anyone may know of a sale's room: when the pre-queue and the sale open, the SHA-256 of the
 * lottery's seed (published from the start), the seed itself once the lottery is drawn, and how
 * many wait and were admitted.
 */
@JsonbPropertyOrder({"saleId", "enabled", "preQueueOpensAt", "opensAt", "seedHash", "seed", "drawnAt", "waiting", "admitted"})
public record RoomInfo(SaleId saleId, boolean enabled, Instant preQueueOpensAt, Instant opensAt, String seedHash, String seed,
                       Instant drawnAt, long waiting, long admitted) {
}
