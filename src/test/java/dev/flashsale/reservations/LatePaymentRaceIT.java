package dev.flashsale.reservations;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.flashsale.testsupport.Api;
import dev.flashsale.testsupport.Db;
import dev.flashsale.testsupport.Holds;
import dev.flashsale.testsupport.Sales;
import dev.flashsale.testsupport.StockCounts;
import dev.flashsale.testsupport.TestServer;
import java.sql.Connection;
import java.sql.Statement;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.parallel.Isolated;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.Tag;

/**
 * A late payment under RECLAIM takes units again only while its sale is open, and the take
 * itself says so (its guarded UPDATE calls sku_on_sale), not only the check read before it. The
 * test holds the ledger's table while the payment has checked the sale and waits to take: the sale
 * is paused or closed meanwhile, then the take runs. Failed before: the payment was accepted,
 * CONFIRMED with a RECLAIM take against a sale that no longer sold.
 */
@Tag("core")
@Isolated("locks the ledger's table and counts the database's lock waits")
class LatePaymentRaceIT {

    private final Api api = new Api(TestServer.url());

    @ParameterizedTest
    @ValueSource(strings = {"pause", "close"})
    void aLatePaymentAgainstASaleStoppedBetweenItsCheckAndItsTakeIsRefused(String stop) throws Exception {
        String sku = Sales.openSku(api, 2, 1, 600, "RECLAIM");
        String late = api.reserve(sku + "-late", sku, "buyer-late", 1).json().getString("id");
        Db.setExpiry(late, -1);
        Holds.awaitStatus(api, late, "EXPIRED");
        String saleId = Db.text("SELECT CAST(sale_id AS text) FROM stock WHERE sku = ?", sku);

        CompletableFuture<Api.Answer> payment;
        try (Connection ledger = Db.connect()) {
            ledger.setAutoCommit(false);
            try (Statement lock = ledger.createStatement()) {
                // Readers pass; the take's INSERT into the ledger waits, before its statement begins.
                lock.execute("LOCK TABLE stock_movement IN SHARE ROW EXCLUSIVE MODE");
            }
            payment = CompletableFuture.supplyAsync(() -> api.confirm(late));
            // The statement's text as PostgreSQL shows it (its first 1,024 bytes): the file's opening comment.
            await().atMost(Duration.ofSeconds(30)).until(() -> Db.scalar("SELECT count(*) FROM pg_stat_activity"
                    + " WHERE datname = current_database() AND wait_event_type = 'Lock' AND query LIKE '%Late payment under policy RECLAIM%'") == 1);
            assertEquals(200, api.adminPostEmpty("api/admin/sales/" + saleId + "/" + stop).status(), "sale " + stop + "d");
            ledger.commit();
        }

        Api.Answer refused = payment.get();
        assertEquals(409, refused.status(), refused.toString());
        assertEquals("hold-expired", refused.problemType());
        assertEquals("EXPIRED", api.get("api/reservations/" + late).json().getString("status"));
        assertEquals(0, Db.scalar("SELECT count(*) FROM stock_movement WHERE reservation_id = ?::uuid AND kind = 'RECLAIM'", late));
        StockCounts counts = StockCounts.of(sku);
        assertEquals(List.of(0L, 0L), List.of(counts.held(), counts.sold()), counts.toString());
    }
}
