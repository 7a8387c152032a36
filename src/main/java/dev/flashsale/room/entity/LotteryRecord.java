package dev.flashsale.room.entity;

import jakarta.json.bind.annotation.JsonbPropertyOrder;
import java.time.Instant;
import java.util.List;
import java.util.UUID;

/**
 * The lottery of a sale's pre-queue, for anyone to recompute: the seed (its SHA-256 was published
 * before the draw), the tickets in the order they were taken, and the order the lottery gave.
 */
@JsonbPropertyOrder({"saleId", "algorithm", "seedHash", "seed", "drawnAt", "tickets", "order"})
public record LotteryRecord(UUID saleId, String algorithm, String seedHash, String seed, Instant drawnAt, List<String> tickets,
                            List<String> order) {
}
