package dev.flashsale.room.entity;

import jakarta.json.bind.annotation.JsonbPropertyOrder;
import java.time.Instant;
import java.util.List;
import java.util.UUID;

/**
 * The lottery of a sale's pre-queue, for anyone to recompute: the seed (its SHA-256 was published
 * before the draw), the tickets' commitments (never the tickets, which are secrets) in the order
 * the tickets were taken, and the same commitments in the order the lottery gave.
 */
@JsonbPropertyOrder({"saleId", "algorithm", "seedHash", "seed", "drawnAt", "commitments", "order"})
public record LotteryRecord(UUID saleId, String algorithm, String seedHash, String seed, Instant drawnAt, List<String> commitments,
                            List<String> order) {
}
