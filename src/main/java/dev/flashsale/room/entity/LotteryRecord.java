package dev.flashsale.room.entity;

import dev.flashsale.platform.id.SaleId;
import java.time.Instant;
import java.util.List;

/**
 * The shape of the lottery's public record, as {@code room.control.LotteryRecordJson} writes it
 * (entry by entry, never as this record, since a big room's lists run to millions): the seed and
 * its SHA-256, when it was drawn, the pre-queue tickets' commitments in the order they were taken
 * and the same in the lottery's order.
 */
public record LotteryRecord(SaleId saleId, String algorithm, String seedHash, String seed, Instant drawnAt,
                            List<String> commitments, List<String> order) {
}
