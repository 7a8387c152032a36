package dev.flashsale.room.control;

import dev.flashsale.platform.JsonText;
import dev.flashsale.platform.id.SaleId;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStreamWriter;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.List;
import java.util.zip.Deflater;
import java.util.zip.GZIPOutputStream;

/**
 * The lottery's public record, {@code {saleId, algorithm, seedHash, seed, drawnAt, commitments,
 * order}}, written once as gzip-compressed JSON: {@code commitments} are the pre-queue tickets'
 * SHA-256 in the order they were taken, {@code order} the same in the lottery's order, never a
 * ticket ({@link Lottery}). A room of a million tickets makes about 130 MB of JSON (two lists of
 * 64 hex digits each), about 70 MB gzipped: it is written entry by entry into the compressor, never
 * held whole as text.
 */
public final class LotteryRecordJson {

    private static final int BUFFER_BYTES = 1 << 16;

    private LotteryRecordJson() {
    }

    /** The record's JSON, gzip-compressed (fastest level: hex digits compress about as well at any level). */
    public static byte[] gzip(SaleId saleId, byte[] seed, String seedHash, Instant drawnAt, List<String> tickets, List<String> order) {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream(tickets.size() * 70 + 1024);
        try (Writer json = new OutputStreamWriter(new FastGzip(bytes), StandardCharsets.UTF_8)) {
            StringBuilder head = new StringBuilder(512).append("{\"saleId\":");
            JsonText.quoted(head, saleId.toString()).append(",\"algorithm\":");
            JsonText.quoted(head, Lottery.ALGORITHM).append(",\"seedHash\":");
            JsonText.quoted(head, seedHash).append(",\"seed\":");
            JsonText.quoted(head, Lottery.hex(seed)).append(",\"drawnAt\":");
            // As the JSON binding writes an Instant (ISO-8601, UTC).
            JsonText.quoted(head, drawnAt.toString());
            json.append(head).append(",\"commitments\":");
            commitments(json, tickets);
            json.append(",\"order\":");
            commitments(json, order);
            json.append('}');
        } catch (IOException e) {
            throw new UncheckedIOException("Writing into memory failed", e);
        }
        return bytes.toByteArray();
    }

    private static void commitments(Writer json, List<String> tickets) throws IOException {
        json.append('[');
        for (int i = 0; i < tickets.size(); i++) {
            if (i > 0) {
                json.append(',');
            }
            // A commitment is 64 lower-case hex digits: nothing to escape.
            json.append('"').append(Lottery.commitment(tickets.get(i))).append('"');
        }
        json.append(']');
    }

    private static final class FastGzip extends GZIPOutputStream {

        FastGzip(ByteArrayOutputStream out) throws IOException {
            super(out, BUFFER_BYTES);
            def.setLevel(Deflater.BEST_SPEED);
        }
    }
}
