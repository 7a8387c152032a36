package dev.flashsale.room.control;

import dev.flashsale.platform.id.SaleId;
import dev.flashsale.platform.sql.Rows;
import dev.flashsale.platform.sql.SqlStatements;
import dev.flashsale.room.entity.Room;
import dev.flashsale.room.entity.RoomFigures;
import dev.flashsale.room.entity.RoomSettings;
import dev.flashsale.stock.entity.Sku;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.persistence.EntityManager;
import jakarta.persistence.PersistenceContext;
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

    @PersistenceContext
    EntityManager em;

    @Inject
    SqlStatements sql;

    /** Sets the room; its seed (and the hash published of it) is made with the first setting only. */
    @Transactional(Transactional.TxType.MANDATORY)
    public void save(SaleId saleId, RoomSettings settings) {
        byte[] seed = Lottery.newSeed();
        em.createNativeQuery(sql.get("room/upsert_room"))
                .setParameter("saleId", saleId.value())
                .setParameter("enabled", settings.enabled())
                .setParameter("admissionPerSecond", settings.admissionPerSecond().intValueExact())
                .setParameter("maxActive", settings.maxActive().intValueExact())
                .setParameter("tokenSeconds", settings.tokenSeconds().intValueExact())
                .setParameter("missedPollSeconds", settings.missedPollSeconds().intValueExact())
                .setParameter("preQueueOpensAt", settings.preQueueOpensAt() == null ? null
                        : settings.preQueueOpensAt().atOffset(ZoneOffset.UTC))
                .setParameter("seed", seed)
                .setParameter("seedHash", Lottery.seedHash(seed))
                .executeUpdate();
    }

    @Transactional(Transactional.TxType.MANDATORY)
    public boolean setPaused(SaleId saleId, boolean paused) {
        return em.createNativeQuery(sql.get("room/set_paused")).setParameter("saleId", saleId.value()).setParameter("paused", paused)
                .executeUpdate() == 1;
    }

    /** Works inside a transaction or outside one (a plain read). */
    public Optional<Room> find(SaleId saleId) {
        List<Tuple> rows = em.createNativeQuery(sql.get("room/find_room"), Tuple.class).setParameter("saleId", saleId.value())
                .getResultList();
        return rows.stream().findFirst().map(row -> new Room(new SaleId(Rows.uuid(row, "sale_id")), Boolean.TRUE.equals(row.get("enabled")),
                Boolean.TRUE.equals(row.get("paused")), Rows.integer(row, "admission_per_second"), Rows.integer(row, "max_active"),
                Rows.integer(row, "token_seconds"), Rows.integer(row, "missed_poll_seconds"),
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
        em.createNativeQuery(sql.get("room/record_figures")).setParameter("saleId", saleId.value())
                .setParameter("admitted", figures.admitted()).setParameter("tickets", figures.tickets())
                .setParameter("left", figures.left()).setParameter("revoked", figures.revoked())
                .setParameter("expired", figures.expired()).setParameter("waits", figures.waitsText())
                .executeUpdate();
    }

    /**
     * The SKUs of every sale whose room is on, with their sale (a plain read, in a transaction of
     * its own when none is open: it is also read on the server's own threads, the announcements'
     * listener's and the room's steps', where no request keeps an EntityManager open).
     */
    @Transactional
    public Map<Sku, SaleId> skusWithRoom() {
        List<Tuple> rows = em.createNativeQuery(sql.get("room/find_skus_with_room"), Tuple.class).getResultList();
        return rows.stream().collect(Collectors.toUnmodifiableMap(row -> new Sku(Rows.text(row, "sku")),
                row -> new SaleId(Rows.uuid(row, "sale_id"))));
    }

    /** Units available and held over the sale's SKUs (a plain read; a transaction as above): {available, held}. */
    @Transactional
    public long[] stockOf(SaleId saleId) {
        Tuple row = (Tuple) em.createNativeQuery(sql.get("room/find_sale_stock"), Tuple.class).setParameter("saleId", saleId.value())
                .getSingleResult();
        return new long[] {Rows.number(row, "available"), Rows.number(row, "held")};
    }
}
