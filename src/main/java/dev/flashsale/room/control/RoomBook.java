package dev.flashsale.room.control;

import dev.flashsale.platform.id.SaleId;
import dev.flashsale.platform.sql.Rows;
import dev.flashsale.platform.sql.Statements;
import dev.flashsale.room.entity.Room;
import dev.flashsale.room.entity.RoomFigures;
import dev.flashsale.room.entity.RoomSettings;
import dev.flashsale.stock.entity.Sku;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.persistence.Tuple;
import jakarta.transaction.Transactional;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;

/** The {@code sale_room} table: rooms' settings and figures (their lotteries are {@link LotteryBook}'s). */
@ApplicationScoped
public class RoomBook {

    @Inject
    Statements sql;

    /** Sets the room; its seed (and the hash published of it) is made with the first setting only. */
    @Transactional(Transactional.TxType.MANDATORY)
    public void save(SaleId saleId, RoomSettings settings) {
        byte[] seed = Lottery.newSeed();
        sql.named("room/upsert_room")
                .with("saleId", saleId.value())
                .with("enabled", settings.enabled())
                .with("admissionPerSecond", settings.admissionPerSecond().intValueExact())
                .with("maxActive", settings.maxActive().intValueExact())
                .with("tokenSeconds", settings.tokenSeconds().intValueExact())
                .with("missedPollSeconds", settings.missedPollSeconds().intValueExact())
                .with("preQueueOpensAt", settings.preQueueOpensAt() == null ? null
                        : settings.preQueueOpensAt().atOffset(ZoneOffset.UTC))
                .with("seed", seed)
                .with("seedHash", Lottery.seedHash(seed))
                .update();
    }

    @Transactional(Transactional.TxType.MANDATORY)
    public boolean setPaused(SaleId saleId, boolean paused) {
        return sql.named("room/set_paused").with("saleId", saleId.value()).with("paused", paused).update() == 1;
    }

    /** Works inside a transaction or outside one (a plain read). */
    public Optional<Room> find(SaleId saleId) {
        return sql.named("room/find_room").with("saleId", saleId.value()).firstRow()
                .map(row -> new Room(new SaleId(Rows.uuid(row, "sale_id")), Boolean.TRUE.equals(row.get("enabled")),
                        Boolean.TRUE.equals(row.get("paused")), Rows.integer(row, "admission_per_second"),
                        Rows.integer(row, "max_active"), Rows.integer(row, "token_seconds"), Rows.integer(row, "missed_poll_seconds"),
                        Rows.instant(row, "prequeue_opens_at"), Rows.instant(row, "starts_at"), Rows.instant(row, "ends_at"),
                        (byte[]) row.get("seed"), Rows.text(row, "seed_hash"), Rows.instant(row, "drawn_at"), recordedFigures(row)));
    }

    private static RoomFigures recordedFigures(Tuple row) {
        return RoomFigures.fromText(Rows.number(row, "tickets_total"), Rows.number(row, "admitted_total"), Rows.number(row, "left_total"),
                Rows.number(row, "expired_total"), Rows.number(row, "revoked_total"), Rows.text(row, "waits"));
    }

    /** Records the room's figures as Redis counts them (each only ever upwards). */
    @Transactional
    public void recordFigures(SaleId saleId, RoomFigures figures) {
        sql.named("room/record_figures").with("saleId", saleId.value())
                .with("admitted", figures.admitted()).with("tickets", figures.tickets())
                .with("left", figures.left()).with("revoked", figures.revoked())
                .with("expired", figures.expired()).with("waits", figures.waitsText())
                .update();
    }

    /**
     * The SKUs of every sale whose room is on, with their sale (a plain read, in a transaction of
     * its own when none is open: it is also read on the server's own threads, the announcements'
     * listener's and the room's steps', where no request keeps an EntityManager open).
     */
    @Transactional
    public Map<Sku, SaleId> skusWithRoom() {
        List<Tuple> rows = sql.named("room/find_skus_with_room").rows();
        return rows.stream().collect(Collectors.toUnmodifiableMap(row -> new Sku(Rows.text(row, "sku")),
                row -> new SaleId(Rows.uuid(row, "sale_id"))));
    }

    /** Units available and held over the sale's SKUs (a plain read; a transaction as above): {available, held}. */
    @Transactional
    public long[] stockOf(SaleId saleId) {
        Tuple row = sql.named("room/find_sale_stock").with("saleId", saleId.value()).singleRow();
        return new long[] {Rows.number(row, "available"), Rows.number(row, "held")};
    }
}
