package dev.flashsale.reservations;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.flashsale.gate.control.GateKeys;
import dev.flashsale.stock.entity.Sku;
import dev.flashsale.testsupport.Api;
import dev.flashsale.testsupport.Db;
import dev.flashsale.testsupport.Holds;
import dev.flashsale.testsupport.Sales;
import dev.flashsale.testsupport.StockCounts;
import dev.flashsale.testsupport.TestRedis;
import dev.flashsale.testsupport.TestServer;
import jakarta.json.JsonObject;
import java.net.URL;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * A hold's life through the storefront API: confirm, cancel, late payment under both policies,
 * the sweeper's timer, and the lazy reclaim that lets a waiting buyer have an overdue hold's
 * units at once. The races are in {@link HoldRacesIT}.
 */
@Tag("core")
class ReservationLifecycleIT {

    /**
     * Tries of the lazy reclaim's race with the sweeper: on two cores busy with the classes side by
     * side, a try can take seconds, and a shuffled run lost five in a row to the sweeper's tick.
     */
    private static final int RECLAIM_TRIES = 12;

    private final URL base = TestServer.url();

    @Test
    void confirmMovesHeldToSoldOnceAndRepeatsItsAnswer() {
        Api api = new Api(base);
        String sku = Sales.openSku(api, 5, 2, 600, "REFUSE");
        JsonObject hold = api.reserve(sku + "-a", sku, "buyer-a", 2).json();
        assertEquals("HELD", hold.getString("status"));

        Api.Answer confirmed = api.confirm(hold.getString("id"));
        assertEquals(200, confirmed.status(), confirmed.toString());
        assertEquals("CONFIRMED", confirmed.json().getString("status"));
        assertEquals(hold.getString("id"), confirmed.json().getString("id"));

        Api.Answer again = api.confirm(hold.getString("id"));
        assertEquals(200, again.status());
        assertEquals(confirmed.body(), again.body(), "a repeated payment gets the same answer");

        StockCounts counts = StockCounts.of(sku);
        assertEquals(0, counts.held());
        assertEquals(2, counts.sold());
        assertTrue(counts.consistent(), counts.toString());
        assertEquals(1, Db.scalar("SELECT count(*) FROM stock_movement WHERE sku = ? AND kind = 'CONFIRM'", sku));
        JsonObject stock = api.stock(sku).json();
        assertEquals(List.of(5, 3, 0, 2), List.of(stock.getInt("total"), stock.getInt("available"),
                stock.getInt("held"), stock.getInt("sold")));
    }

    @Test
    void cancelGivesUnitsBackAndIsIdempotent() {
        Api api = new Api(base);
        String sku = Sales.openSku(api, 3, 1, 600, "REFUSE");
        String id = api.reserve(sku + "-a", sku, "buyer-a", 1).json().getString("id");

        Api.Answer cancelled = api.cancel(id);
        assertEquals(200, cancelled.status(), cancelled.toString());
        assertEquals("CANCELLED", cancelled.json().getString("status"));
        assertEquals(cancelled.body(), api.cancel(id).body(), "a repeated cancel gets the same answer");
        assertEquals(3, api.stock(sku).json().getInt("available"));

        Api.Answer confirmAfterCancel = api.confirm(id);
        assertEquals(409, confirmAfterCancel.status());
        assertEquals("reservation-cancelled", confirmAfterCancel.problemType());

        StockCounts counts = StockCounts.of(sku);
        assertEquals(List.of(0L, 0L), List.of(counts.held(), counts.sold()));
        assertTrue(counts.consistent(), counts.toString());
        assertEquals(1, Db.scalar("SELECT count(*) FROM stock_movement WHERE sku = ? AND kind = 'CANCEL'", sku));
    }

    @Test
    void cancelAfterConfirmIsRefused() {
        Api api = new Api(base);
        String sku = Sales.openSku(api, 3, 1, 600, "REFUSE");
        String id = api.reserve(sku + "-a", sku, "buyer-a", 1).json().getString("id");
        assertEquals(200, api.confirm(id).status());

        Api.Answer refused = api.cancel(id);
        assertEquals(409, refused.status());
        assertTrue(refused.isProblem());
        assertEquals("reservation-confirmed", refused.problemType());
        assertEquals(1, StockCounts.of(sku).sold());
        assertEquals("CONFIRMED", api.get("api/reservations/" + id).json().getString("status"));
    }

    /**
     * One shard whose holds cannot be expired (here its stock row was made to disagree with its
     * holds, so giving the units back breaks a CHECK) must not stop the sweep of the shards after it.
     */
    @Test
    void aShardThatCannotBeSweptDoesNotStopTheSweepOfTheOthers() {
        Api api = new Api(base);
        String stem = Sales.uniqueSku("sweep");
        String broken = stem + "-a";
        String healthy = stem + "-b";
        Sales.openSale(api, broken, 3, 1, 600, "REFUSE");
        Sales.openSale(api, healthy, 3, 1, 600, "REFUSE");
        String stuck = api.reserve(broken + "-k", broken, "buyer-a", 1).json().getString("id");
        String overdue = api.reserve(healthy + "-k", healthy, "buyer-b", 1).json().getString("id");
        assertEquals(1, Db.update("UPDATE stock_shard SET held = 0 WHERE sku = ?", broken));
        try {
            Db.setExpiry(stuck, -1);
            Db.setExpiry(overdue, -1);

            Holds.awaitStatus(api, overdue, "EXPIRED");

            assertEquals("HELD", api.get("api/reservations/" + stuck).json().getString("status"),
                    "the broken shard's batch rolled back");
            assertEquals(0, StockCounts.of(healthy).held());
        } finally {
            assertEquals(1, Db.update("UPDATE stock_shard SET held = 1 WHERE sku = ?", broken));
        }
        Holds.awaitStatus(api, stuck, "EXPIRED");
        assertTrue(StockCounts.of(broken).consistent(), "once repaired, it is swept at the next tick");
    }

    @Test
    void latePaymentIsRefusedUnderTheDefaultPolicy() {
        Api api = new Api(base);
        String sku = Sales.openSku(api, 3, 1, 600, "REFUSE");
        String overdue = api.reserve(sku + "-a", sku, "buyer-a", 1).json().getString("id");
        String swept = api.reserve(sku + "-b", sku, "buyer-b", 1).json().getString("id");
        Db.setExpiry(overdue, -1);
        Db.setExpiry(swept, -1);
        Holds.awaitStatus(api, swept, "EXPIRED");

        for (String id : List.of(overdue, swept)) {
            Api.Answer refused = api.confirm(id);
            assertEquals(409, refused.status(), refused.toString());
            assertEquals("hold-expired", refused.problemType());
        }
        StockCounts counts = StockCounts.of(sku);
        assertEquals(0, counts.sold(), "a refused late payment sells nothing");
        assertTrue(counts.consistent(), counts.toString());
    }

    @Test
    void latePaymentIsAcceptedUnderReclaimWhileUnitsAreLeft() {
        Api api = new Api(base);
        String sku = Sales.openSku(api, 2, 1, 600, "RECLAIM");
        String late = api.reserve(sku + "-a", sku, "buyer-a", 1).json().getString("id");
        Db.setExpiry(late, -1);
        Holds.awaitStatus(api, late, "EXPIRED");

        Api.Answer accepted = api.confirm(late);
        assertEquals(200, accepted.status(), accepted.toString());
        assertEquals("CONFIRMED", accepted.json().getString("status"));
        assertEquals(1, Db.scalar("SELECT count(*) FROM stock_movement WHERE reservation_id = ?::uuid AND kind = 'RECLAIM'", late));

        // The last unit goes to someone else; a second late payer finds nothing to re-claim.
        String lateToo = api.reserve(sku + "-b", sku, "buyer-b", 1).json().getString("id");
        Db.setExpiry(lateToo, -1);
        Holds.awaitStatus(api, lateToo, "EXPIRED");
        // The expiry gives its unit back to the gate once PostgreSQL committed it: a moment later.
        TestRedis.awaitValue(GateKeys.counter(new Sku(sku)), "1");
        assertEquals(201, api.reserve(sku + "-c", sku, "buyer-c", 1).status());
        Api.Answer refused = api.confirm(lateToo);
        assertEquals(409, refused.status(), refused.toString());
        assertEquals("hold-expired", refused.problemType());

        StockCounts counts = StockCounts.of(sku);
        assertEquals(List.of(1L, 1L), List.of(counts.held(), counts.sold()));
        assertTrue(counts.consistent(), counts.toString());
    }

    /**
     * The tests' sweeper runs every second and may expire the overdue hold between the test making
     * it overdue and the claim, or while the claim looks for it: such a try shows nothing of the
     * claim and is made again, with a new SKU, at most {@link #RECLAIM_TRIES} times. Without the
     * claim's own reclaim, every try ends sold out.
     */
    @Test
    void lazyReclaimGivesAWaitingBuyerTheUnitOfAnOverdueHold() {
        Api api = new Api(base);
        for (int attempt = 1; ; attempt++) {
            String sku = Sales.openSku(api, 1, 1, 600, "REFUSE");
            String first = api.reserve(sku + "-a", sku, "buyer-a", 1).json().getString("id");
            // Sold out, read without a refused reserve: a node that refused one would remember the
            // deadline before makeOverdue moved it (in production a deadline never moves earlier).
            assertEquals(0, api.stock(sku).json().getInt("available"));
            TestRedis.makeOverdue(sku, sku + "-a", first);

            Api.Answer second = api.reserve(sku + "-c", sku, "buyer-c", 1);
            if (second.status() == 409 && "sold-out".equals(second.problemType())) {
                // The sweeper was expiring the hold as the claim looked for it: the claim passed over
                // the row the sweeper held, whose unit was not back yet. Such a try shows nothing of
                // the claim either; without the claim's own reclaim, every try ends here.
                assertTrue(attempt < RECLAIM_TRIES, "sold out in every one of " + RECLAIM_TRIES + " tries: " + second);
                continue;
            }

            assertEquals(201, second.status(), second.toString());
            assertEquals("EXPIRED", api.get("api/reservations/" + first).json().getString("status"));
            long expireTx = Db.scalar("SELECT txid FROM stock_movement WHERE reservation_id = ?::uuid AND kind = 'EXPIRE'", first);
            long claimTx = Db.scalar("SELECT txid FROM stock_movement WHERE reservation_id = ?::uuid AND kind = 'CLAIM'",
                    second.json().getString("id"));
            StockCounts counts = StockCounts.of(sku);
            assertEquals(1, counts.held());
            assertTrue(counts.consistent(), counts.toString());
            if (expireTx == claimTx) {
                return; // the overdue hold was expired by the claim's own transaction
            }
            assertTrue(attempt < RECLAIM_TRIES, "the sweeper expired the overdue hold before the claim in every one of "
                    + RECLAIM_TRIES + " tries");
        }
    }

    @Test
    void theSweeperTimerExpiresOverdueHoldsOnItsOwn() {
        Api api = new Api(base);
        String sku = Sales.openSku(api, 4, 2, 600, "REFUSE");
        String id = api.reserve(sku + "-a", sku, "buyer-a", 2).json().getString("id");
        assertEquals(2, api.stock(sku).json().getInt("available"));
        Db.setExpiry(id, -1);

        Holds.awaitStatus(api, id, "EXPIRED");

        assertEquals(4, api.stock(sku).json().getInt("available"));
        StockCounts counts = StockCounts.of(sku);
        assertEquals(0, counts.held());
        assertTrue(counts.consistent(), counts.toString());
        assertEquals(1, Db.scalar("SELECT count(*) FROM stock_movement WHERE reservation_id = ?::uuid AND kind = 'EXPIRE'", id));
    }

    @Test
    void aReservationCanBeReadBackAndUnknownOnesAreNotFound() {
        Api api = new Api(base);
        String sku = Sales.openSku(api, 1, 1, 60, "REFUSE");
        Api.Answer created = api.reserve(sku + "-a", sku, "buyer-a", 1);
        assertEquals(201, created.status());
        assertTrue(created.location().endsWith("/api/reservations/" + created.json().getString("id")), created.location());
        assertEquals(60, Db.scalar("SELECT round(extract(epoch FROM expires_at - created_at)) FROM reservation WHERE id = ?::uuid",
                created.json().getString("id")), "the sale's hold time applies");

        Api.Answer read = api.get("api/reservations/" + created.json().getString("id"));
        assertEquals(200, read.status());
        assertEquals(created.body(), read.body());
        assertEquals(Set.of("id", "sku", "buyerId", "qty", "status", "expiresAt", "extensions"), read.json().keySet());

        String unknown = "00000000-0000-4000-8000-000000000000";
        for (Api.Answer answer : List.of(api.get("api/reservations/" + unknown), api.confirm(unknown), api.cancel(unknown))) {
            assertEquals(404, answer.status(), answer.toString());
            assertEquals("reservation-not-found", answer.problemType());
        }
    }
}
