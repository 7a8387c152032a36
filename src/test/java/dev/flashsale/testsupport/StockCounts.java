package dev.flashsale.testsupport;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * One SKU's counts, and the same counts rebuilt from its reservations and from its ledger.
 * The three must always agree.
 */
public record StockCounts(long total, long held, long sold,
                          long heldByReservations, long soldByReservations,
                          long heldByLedger, long soldByLedger) {

    public static StockCounts of(String sku) {
        return of(Db::connect, sku);
    }

    /** The counts as another database has them ({@link Db#of}). */
    public static StockCounts of(Db.Connections database, String sku) {
        return new StockCounts(
                Db.scalar(database, "SELECT total FROM stock WHERE sku = ?", sku),
                Db.scalar(database, "SELECT held FROM stock WHERE sku = ?", sku),
                Db.scalar(database, "SELECT sold FROM stock WHERE sku = ?", sku),
                Db.scalar(database, "SELECT coalesce(sum(qty), 0) FROM reservation WHERE sku = ? AND status = 'HELD'", sku),
                Db.scalar(database, "SELECT coalesce(sum(qty), 0) FROM reservation WHERE sku = ? AND status = 'CONFIRMED'", sku),
                Db.scalar(database, "SELECT coalesce(sum(held_delta), 0) FROM stock_movement WHERE sku = ?", sku),
                Db.scalar(database, "SELECT coalesce(sum(sold_delta), 0) FROM stock_movement WHERE sku = ?", sku));
    }

    /**
     * The shards of the SKU whose counts disagree with the reservations on them or with their
     * ledger rows, or that hold more than they have: none, always.
     */
    public static long inconsistentShards(String sku) {
        return Db.scalar("SELECT count(*) FROM stock_shard sh WHERE sh.sku = ? AND ("
                + " sh.held <> (SELECT coalesce(sum(qty), 0) FROM reservation r"
                + "             WHERE r.sku = sh.sku AND r.shard = sh.shard AND r.status = 'HELD')"
                + " OR sh.sold <> (SELECT coalesce(sum(qty), 0) FROM reservation r"
                + "             WHERE r.sku = sh.sku AND r.shard = sh.shard AND r.status = 'CONFIRMED')"
                + " OR sh.held <> (SELECT coalesce(sum(held_delta), 0) FROM stock_movement m"
                + "             WHERE m.sku = sh.sku AND m.shard = sh.shard)"
                + " OR sh.sold <> (SELECT coalesce(sum(sold_delta), 0) FROM stock_movement m"
                + "             WHERE m.sku = sh.sku AND m.shard = sh.shard)"
                + " OR sh.held + sh.sold > sh.total)", sku);
    }

    /**
     * Asserts that all {@code units} of the SKU are held, none twice and none left free on any
     * shard, and that counts, reservations and ledger agree on every shard.
     */
    public static void assertEveryUnitHeld(String sku, long units) {
        StockCounts counts = of(sku);
        assertEquals(units, counts.held(), counts.toString());
        assertTrue(counts.consistent(), counts.toString());
        assertEquals(0, inconsistentShards(sku));
        assertEquals(0, Db.scalar("SELECT sum(total - held - sold) FROM stock_shard WHERE sku = ?", sku), "nothing stranded");
        assertEquals(units, Db.scalar("SELECT sum(total) FROM stock_shard WHERE sku = ?", sku), "units only move between shards");
    }

    public boolean consistent() {
        return held == heldByReservations && held == heldByLedger
                && sold == soldByReservations && sold == soldByLedger
                && held + sold <= total;
    }
}
