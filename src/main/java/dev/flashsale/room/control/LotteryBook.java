package dev.flashsale.room.control;

import dev.flashsale.platform.id.SaleId;
import dev.flashsale.platform.sql.PgArrays;
import dev.flashsale.platform.sql.Rows;
import dev.flashsale.platform.sql.Statements;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.persistence.Tuple;
import jakarta.transaction.Transactional;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.temporal.ChronoUnit;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;

/** A room's lottery in {@code sale_room}: its draw, recorded once, and its public record. */
@ApplicationScoped
public class LotteryBook {

    @Inject
    Statements sql;

    /**
     * Draws the lottery once: the first caller records the order of {@code tickets}; a later one
     * (another node at the same second) gets the order recorded before.
     */
    @Transactional(Transactional.TxType.MANDATORY)
    public List<String> draw(SaleId saleId, List<String> tickets) {
        Tuple room = sql.named("room/lock_room_for_draw").with("saleId", saleId.value()).singleRow();
        if (room.get("drawn_at") != null) {
            return tickets(Rows.text(room, "lottery_order"));
        }
        byte[] seed = (byte[]) room.get("seed");
        List<String> order = Lottery.order(seed, tickets);
        // PostgreSQL keeps microseconds: the record says the second the row says.
        Instant drawnAt = Instant.now().truncatedTo(ChronoUnit.MICROS);
        // Three large values, each made and sent alone (migration V019), so that a room of a million tickets fits the heap.
        sql.named("room/record_draw_tickets")
                .with("saleId", saleId.value())
                .with("tickets", PgArrays.literal(tickets))
                .update();
        sql.named("room/record_draw")
                .with("saleId", saleId.value())
                .with("drawnAt", drawnAt.atOffset(ZoneOffset.UTC))
                .with("order", PgArrays.literal(order))
                .update();
        recordLotteryRecord(saleId, LotteryRecordJson.gzip(saleId, seed, Rows.text(room, "seed_hash"), drawnAt, tickets, order));
        return order;
    }

    /**
     * The room's public lottery record as stored, gzip JSON ({@link LotteryRecordJson}); a room
     * drawn before records were stored gets its record made and stored now, once. Empty: no room,
     * or not drawn yet.
     */
    @Transactional
    public Optional<byte[]> lotteryRecord(SaleId saleId) {
        List<Tuple> rows = sql.named("room/find_lottery_record").with("saleId", saleId.value()).rows();
        if (rows.isEmpty() || rows.get(0).get("drawn_at") == null) {
            return Optional.empty();
        }
        byte[] stored = (byte[]) rows.get(0).get("lottery_record");
        return Optional.of(stored != null ? stored : recordOfEarlierDraw(saleId));
    }

    /** The public record of a drawn room, once (db/room/record_lottery_record.sql). */
    private void recordLotteryRecord(SaleId saleId, byte[] record) {
        sql.named("room/record_lottery_record").with("saleId", saleId.value()).with("record", record).update();
    }

    private byte[] recordOfEarlierDraw(SaleId saleId) {
        Tuple room = sql.named("room/find_lottery").with("saleId", saleId.value()).singleRow();
        byte[] record = LotteryRecordJson.gzip(saleId, (byte[]) room.get("seed"), Rows.text(room, "seed_hash"),
                Rows.instant(room, "drawn_at"), tickets(Rows.text(room, "lottery_tickets")), tickets(Rows.text(room, "lottery_order")));
        recordLotteryRecord(saleId, record);
        return record;
    }

    private static List<String> tickets(String spaceSeparated) {
        if (spaceSeparated == null) {
            return null;
        }
        return spaceSeparated.isEmpty() ? List.of() : Arrays.asList(spaceSeparated.split(" "));
    }
}
