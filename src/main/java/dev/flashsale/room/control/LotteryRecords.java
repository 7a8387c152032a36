package dev.flashsale.room.control;

import dev.flashsale.platform.id.SaleId;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.util.LinkedHashMap;
import java.util.Optional;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * The lottery records this node serves, as PostgreSQL stores them (gzip JSON, written once with
 * the draw, {@link LotteryRecordJson}): each read once from PostgreSQL and then kept in memory, the
 * most recently read first, up to {@code flashsale.room.lottery-records-kept-bytes} in all. A
 * record is never made again on a read; one larger than that bound is read from PostgreSQL each
 * time. One read from PostgreSQL at a time, so that a crowd asking for a record the node does not
 * keep yet reads it once.
 */
@ApplicationScoped
public class LotteryRecords {

    @Inject
    LotteryBook book;

    @Inject
    @ConfigProperty(name = "flashsale.room.lottery-records-kept-bytes")
    long keptBytesMax;

    private final LinkedHashMap<SaleId, byte[]> kept = new LinkedHashMap<>(16, 0.75f, true);
    private final Object reading = new Object();
    private long keptBytes;

    /** The room's record, gzip JSON; empty while the room is not drawn (or has no room). */
    public Optional<byte[]> gzipOf(SaleId saleId) {
        byte[] known = keptOf(saleId);
        if (known != null) {
            return Optional.of(known);
        }
        synchronized (reading) {
            known = keptOf(saleId);
            if (known != null) {
                return Optional.of(known);
            }
            Optional<byte[]> read = book.lotteryRecord(saleId);
            read.ifPresent(record -> keep(saleId, record));
            return read;
        }
    }

    private synchronized byte[] keptOf(SaleId saleId) {
        return kept.get(saleId);
    }

    private synchronized void keep(SaleId saleId, byte[] record) {
        if (record.length > keptBytesMax) {
            return;
        }
        byte[] before = kept.put(saleId, record);
        keptBytes += record.length - (before == null ? 0 : before.length);
        var oldest = kept.entrySet().iterator();
        while (keptBytes > keptBytesMax && oldest.hasNext()) {
            keptBytes -= oldest.next().getValue().length;
            oldest.remove();
        }
    }
}
