package dev.flashsale.reservations;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;

import dev.flashsale.testsupport.Api;
import dev.flashsale.testsupport.Crowd;
import dev.flashsale.testsupport.Db;
import dev.flashsale.testsupport.FaultProxy;
import dev.flashsale.testsupport.Sales;
import dev.flashsale.testsupport.SecondNode;
import dev.flashsale.testsupport.TestServer;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.parallel.Isolated;

/**
 * A hold's extend, confirm and cancel on a node whose PostgreSQL is away (its connections cut and
 * every new one refused, through the second node's proxy): each is answered 503
 * {@code service-unavailable} with Retry-After, never another 5xx, and changes nothing; once
 * PostgreSQL is back, the same requests go through.
 */
@Tag("faults")
@Isolated("stops, pauses, slows or kills PostgreSQL, Redis or the second node, which every class shares")
class WritesWithoutPostgresIT {

    @Test
    void extendConfirmCancelAndStockAnswer503WithRetryAfterAndChangeNothingUntilPostgresIsBack() throws Exception {
        Api shared = new Api(TestServer.url());
        FaultProxy postgres = SecondNode.postgres();
        Api second = new Api(SecondNode.proxied().base());
        String sku = Sales.uniqueSku("writes-no-pg");
        Sales.openSaleWithExtensions(shared, sku, 3, 600, 120, 3);
        String paying = shared.reserve(sku + "-a", sku, "buyer-a", 1).json().getString("id");
        String leaving = shared.reserve(sku + "-b", sku, "buyer-b", 1).json().getString("id");
        long deadline = deadlineMillis(paying);
        try {
            postgres.accept(false);
            assertUnavailable(second.extend(paying, "{\"seconds\": 30}"), "extend");
            assertUnavailable(second.confirm(paying), "confirm");
            assertUnavailable(second.cancel(leaving), "cancel");
            // A product page's crowd shares the failed read (SharedReads): each request its own 503.
            for (Api.Answer level : Crowd.run(16, 16, i -> second.stock(sku))) {
                assertUnavailable(level, "stock");
            }
        } finally {
            postgres.accept(true);
        }
        assertEquals(List.of("HELD 0", "HELD 0"), Db.texts("SELECT status || ' ' || extensions FROM reservation WHERE sku = ? ORDER BY idempotency_key", sku),
                "nothing changed");
        assertEquals(deadline, deadlineMillis(paying), "the deadline stayed");
        assertEquals(2, Db.scalar("SELECT held FROM stock WHERE sku = ?", sku));

        // The node's pool connects again on the next request that needs it.
        await("the extend goes through once PostgreSQL is back").atMost(Duration.ofSeconds(30)).pollInterval(Duration.ofMillis(200))
                .until(() -> second.extend(paying, "{\"seconds\": 30}").status() == 200);
        assertEquals(deadline + 30_000, deadlineMillis(paying));
        assertEquals(2, second.stock(sku).json().getInt("held"), "the stock read again once PostgreSQL is back");
        assertEquals(200, second.confirm(paying).status());
        assertEquals(200, second.cancel(leaving).status());
        assertEquals(List.of("CONFIRMED", "CANCELLED"), Db.texts("SELECT status FROM reservation WHERE sku = ? ORDER BY idempotency_key", sku));
    }

    private static void assertUnavailable(Api.Answer answer, String what) {
        assertEquals(503, answer.status(), what + ": " + answer);
        assertEquals("service-unavailable", answer.problemType(), what + ": " + answer);
        assertNotNull(answer.header("Retry-After"), what + ": " + answer);
    }

    private static long deadlineMillis(String id) {
        return Db.scalar("SELECT floor(extract(epoch FROM expires_at) * 1000) FROM reservation WHERE id = ?::uuid", id);
    }
}
