package dev.flashsale.security;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import dev.flashsale.testsupport.Api;
import dev.flashsale.testsupport.RoomSales;
import dev.flashsale.testsupport.Sales;
import dev.flashsale.testsupport.StockCounts;
import dev.flashsale.testsupport.TestRedis;
import dev.flashsale.testsupport.TestServer;
import java.time.Duration;
import java.time.Instant;
import java.util.UUID;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.parallel.Isolated;
import redis.clients.jedis.Jedis;

/**
 * While Redis cannot be asked, a sale whose room is on admits no reserve at all: whether a token
 * was used, revoked or its checkout ended is known only there, so every token is answered 503
 * {@code room-unavailable} with Retry-After and nothing is claimed; once Redis answers again a
 * token that still admits reserves, and a used one is refused. Failed before the change: a token
 * whose checkout had ended reserved again (201) while Redis was away, its good signature standing.
 */
@Tag("security")
@Isolated("pauses Redis")
class AdmissionWithoutRedisIT {

    /** Long enough for the two refused requests (each waits out Redis' timeout, 250 ms, once or twice), short for the suite. */
    private static final int OUTAGE_MS = 3_000;

    private final Api api = new Api(TestServer.url());

    @Test
    void aUsedTokenIsRefusedWhileRedisIsAwayAndAnUnusedOneReservesOnceItIsBack() {
        String sku = Sales.uniqueSku("room-away");
        UUID sale = RoomSales.open(api, sku, 10, 1, 600, Instant.now().minusSeconds(1), new RoomSales.Room(50, 100, 120, 60));
        String ticketA = RoomSales.take(api, sale, "used").json().getString("ticket");
        String tokenA = RoomSales.awaitStatus(api, sale, ticketA, "ADMITTED").getString("token");
        String ticketB = RoomSales.take(api, sale, "unused").json().getString("ticket");
        String tokenB = RoomSales.awaitStatus(api, sale, ticketB, "ADMITTED").getString("token");
        Api.Answer reserved = reserve(sku, "used", tokenA, "away-used-1");
        assertEquals(201, reserved.status(), reserved.toString());
        assertEquals(200, api.cancel(reserved.json().getString("id")).status());
        RoomSales.awaitStatus(api, sale, ticketA, "CHECKOUT_ENDED");

        Instant outageEnds;
        Api.Answer usedAgain;
        Api.Answer unused;
        try (Jedis redis = TestRedis.client()) {
            redis.clientPause(OUTAGE_MS);
            outageEnds = Instant.now().plusMillis(OUTAGE_MS);
        }
        try {
            usedAgain = reserve(sku, "used", tokenA, "away-used-2");
            unused = reserve(sku, "unused", tokenB, "away-unused-1");
            assertFalse(Instant.now().isAfter(outageEnds), "both asked while Redis was away (3 s): a machine far slower than any seen here");
        } finally {
            await("Redis answers again").atMost(RoomSales.PATIENCE).pollInterval(Duration.ofMillis(100)).until(TestRedis::answers);
            TestRedis.awaitGateInUse(api);
        }
        assertUnavailable(usedAgain);
        assertUnavailable(unused);
        assertEquals(0, StockCounts.of(sku).held(), "nothing claimed while Redis was away");

        Api.Answer refused = reserve(sku, "used", tokenA, "away-used-3");
        assertEquals(403, refused.status(), refused.toString());
        assertEquals("admission-token-revoked", refused.problemType());
        Api.Answer back = reserve(sku, "unused", tokenB, "away-unused-2");
        assertEquals(201, back.status(), "a token that still admits, once Redis is back: " + back);
        assertEquals(1, StockCounts.of(sku).held());
    }

    private static void assertUnavailable(Api.Answer answer) {
        assertEquals(503, answer.status(), answer.toString());
        assertEquals("room-unavailable", answer.problemType(), answer.toString());
        assertFalse(answer.header("Retry-After").isEmpty(), "Retry-After: " + answer);
    }

    private Api.Answer reserve(String sku, String buyer, String token, String key) {
        return api.post("api/reservations", Api.reserveBody(sku, buyer, 1), "Idempotency-Key", key, "X-Admission-Token", token);
    }
}
