package dev.flashsale.security;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.flashsale.limits.entity.Limit;
import dev.flashsale.testsupport.Api;
import dev.flashsale.testsupport.Db;
import dev.flashsale.testsupport.Holds;
import dev.flashsale.testsupport.RoomSales;
import dev.flashsale.testsupport.Sales;
import dev.flashsale.testsupport.StockCounts;
import dev.flashsale.testsupport.TestRedis;
import dev.flashsale.testsupport.TestServer;
import java.time.Instant;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * What an attacker tried and must not get: a rate-limit bucket of its own choosing, a 500 from a
 * number too long to read, units taken again by a late payment for a sale that sells nothing now.
 * Each test failed before the change it pins.
 */
@Tag("security")
class AdversaryIT {

    private final Api api = new Api(TestServer.url());

    /**
     * The tests' own address is a trusted proxy. A client sends its own X-Forwarded-For line (a
     * forged address); the proxy adds a line with the client's real address. Counted under the
     * real one, which is out of tokens: 429.
     */
    @Test
    void aClientThatSendsItsOwnForwardedLineThroughATrustedProxyChoosesNoBucket() {
        String sku = Sales.openSku(api, 10, 1, 600, "REFUSE");
        String real = "203.0.113." + (1 + (int) (Math.random() * 250));
        TestRedis.emptyFor(new Limit("address", 10, 100_000), real, 60);
        for (String[] forwarded : List.of(new String[] {"X-Forwarded-For", "198.18.0.9", "X-Forwarded-For", real},
                new String[] {"X-Forwarded-For", "198.18.0.9, 198.18.0.10", "X-Forwarded-For", real},
                new String[] {"X-Forwarded-For", "198.18.0.9, " + real})) {
            String[] headers = new String[forwarded.length + 2];
            headers[0] = "Idempotency-Key";
            headers[1] = sku + "-" + forwarded.length + forwarded[1].length();
            System.arraycopy(forwarded, 0, headers, 2, forwarded.length);
            Api.Answer answer = api.post("api/reservations", Api.reserveBody(sku, "buyer-" + headers[1], 1), headers);
            assertEquals(429, answer.status(), String.join(" | ", forwarded) + ": " + answer);
            assertEquals("rate-limited", answer.problemType());
        }
        assertEquals(0, StockCounts.of(sku).held(), "nothing taken");
    }

    /** A number of 1,200 digits in any body that takes a number: 400 problem+json, nothing changed. */
    @Test
    void aNumberTooLongToReadIsAMalformedRequest() {
        String huge = "9".repeat(1_200);
        String sku = Sales.openSku(api, 10, 2, 600, "REFUSE");
        String roomSku = Sales.uniqueSku("huge-room");
        UUID roomSale = RoomSales.open(api, roomSku, 5, 1, 600, Instant.now().minusSeconds(1), new RoomSales.Room(1, 5, 60, 30));
        String before = Db.fingerprint(sku, roomSku);
        List<Api.Answer> answers = List.of(
                api.post("api/reservations", "{\"sku\":\"" + sku + "\",\"buyerId\":\"b\",\"qty\":" + huge + "}", "Idempotency-Key", "huge-1"),
                api.post("api/reservations", "{\"sku\":\"" + roomSku + "\",\"buyerId\":\"b\",\"qty\":" + huge + "}", "Idempotency-Key", "huge-2"),
                api.post("api/reservations", "{\"sku\":\"NO-SUCH-SKU\",\"buyerId\":\"b\",\"qty\":-" + huge + "}", "Idempotency-Key", "huge-3"),
                api.post("api/sales/" + roomSale + "/queue", "{\"buyerId\":" + huge + "}"),
                api.adminPost("api/admin/sales", "{\"name\":\"Huge\",\"items\":[{\"sku\":\"" + Sales.uniqueSku("huge") + "\",\"units\":"
                        + huge + "}]}"),
                api.adminPost("api/admin/sales", "{\"name\":\"Huge\",\"holdSeconds\":" + huge + ",\"items\":[{\"sku\":\""
                        + Sales.uniqueSku("huge") + "\",\"units\":1}]}"));
        for (Api.Answer answer : answers) {
            assertEquals(400, answer.status(), answer.toString());
            assertTrue(answer.isProblem(), answer.toString());
        }
        assertEquals(before, Db.fingerprint(sku, roomSku), "nothing changed");
    }

    /**
     * Under RECLAIM, a payment for an expired hold takes a unit again only while the sale sells:
     * paused or closed, it is refused (409 hold-expired), and the hold stays expired.
     */
    @Test
    void aLatePaymentTakesNoUnitOfASaleThatIsPausedOrClosed() {
        String sku = Sales.uniqueSku("late");
        String sale = Sales.openSale(api, sku, 5, 1, 1, "RECLAIM").getString("id");
        String paused = api.reserve(sku + "-paused", sku, "buyer-paused", 1).json().getString("id");
        String closed = api.reserve(sku + "-closed", sku, "buyer-closed", 1).json().getString("id");
        Holds.awaitStatus(api, paused, "EXPIRED");
        Holds.awaitStatus(api, closed, "EXPIRED");

        assertEquals("PAUSED", api.adminPostEmpty("api/admin/sales/" + sale + "/pause").json().getString("status"));
        assertRefusedAndStillExpired(paused);
        assertEquals("CLOSED", api.adminPostEmpty("api/admin/sales/" + sale + "/close").json().getString("status"));
        assertRefusedAndStillExpired(closed);
        assertEquals(0, StockCounts.of(sku).sold(), "no unit sold");
        assertEquals(0, StockCounts.of(sku).held(), "no unit held");
        assertTrue(StockCounts.of(sku).consistent());
    }

    private void assertRefusedAndStillExpired(String reservation) {
        Api.Answer paid = api.confirm(reservation);
        assertEquals(409, paid.status(), paid.toString());
        assertEquals("hold-expired", paid.problemType());
        assertEquals("EXPIRED", api.get("api/reservations/" + reservation).json().getString("status"));
    }
}
