package dev.flashsale.room;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.flashsale.testsupport.Api;
import dev.flashsale.testsupport.RoomSales;
import dev.flashsale.testsupport.Sales;
import dev.flashsale.testsupport.TestRedis;
import jakarta.json.JsonObject;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import redis.clients.jedis.Jedis;

/**
 * The waiting room's tests' buyers on one server: a sale with its room, opened when the test says,
 * and the buyer's calls (take a ticket, poll it, reserve with a token), with the room's figures as
 * its admin view and report give them; and a room of one active buyer at a time, A admitted and
 * holding a unit, B waiting behind ({@link #oneAtATime}).
 */
final class RoomBuyers {

    private static final String TOKEN_HEADER = "X-Admission-Token";

    private final Api api;

    RoomBuyers(Api api) {
        this.api = api;
    }

    record Sale(UUID id, String sku) {
    }

    /** A sale with its room on, opening only when the test calls {@link #openNow}. */
    Sale saleWithRoom(int units, int maxPerOrder, int rate, int missedPollSeconds) {
        return saleWithRoom(units, maxPerOrder, rate, missedPollSeconds, 10_000, 60);
    }

    Sale saleWithRoom(int units, int maxPerOrder, int rate, int missedPollSeconds, int maxActive, int tokenSeconds) {
        String sku = Sales.uniqueSku("room");
        UUID id = RoomSales.open(api, sku, units, maxPerOrder, 600, Instant.now().plus(RoomSales.LATER),
                new RoomSales.Room(rate, maxActive, tokenSeconds, missedPollSeconds));
        return new Sale(id, sku);
    }

    void openNow(Sale sale) {
        RoomSales.openNow(api, sale.id);
    }

    Api.Answer take(Sale sale, String buyer) {
        return RoomSales.take(api, sale.id, buyer);
    }

    JsonObject poll(Sale sale, String ticket) {
        return RoomSales.poll(api, sale.id, ticket);
    }

    Map<String, JsonObject> pollAll(Sale sale, List<String> tickets) {
        Map<String, JsonObject> answers = new HashMap<>();
        tickets.forEach(ticket -> answers.put(ticket, poll(sale, ticket)));
        return answers;
    }

    JsonObject awaitStatus(Sale sale, String ticket, String status) {
        return RoomSales.awaitStatus(api, sale.id, ticket, status);
    }

    Api.Answer reserve(Sale sale, String buyer, String token, String key) {
        List<String> headers = new ArrayList<>(List.of("Idempotency-Key", key));
        if (token != null) {
            headers.addAll(List.of(TOKEN_HEADER, token));
        }
        return api.post("api/reservations", Api.reserveBody(sale.sku, buyer, 1), headers.toArray(String[]::new));
    }

    void assertRefused(Sale sale, String buyer, String token, String problem) {
        Api.Answer answer = reserve(sale, buyer, token, "refused-" + problem + "-" + buyer + "-" + System.nanoTime());
        assertEquals(403, answer.status(), answer.toString());
        assertTrue(answer.isProblem(), answer.toString());
        assertEquals(problem, answer.problemType(), answer.toString());
    }

    long activeOf(Sale sale) {
        return RoomSales.figure(api, sale.id, "active");
    }

    long admittedOf(Sale sale) {
        return RoomSales.figure(api, sale.id, "admitted");
    }

    static boolean isActive(Sale sale, String ticket) {
        try (Jedis redis = TestRedis.client()) {
            return redis.zscore("fs:{sale:" + sale.id + "}:active", ticket) != null;
        }
    }

    void sweep() {
        Api.Answer swept = api.postEmpty("api/test/holds/sweep", "X-Requested-By", "flashsale-tests");
        assertEquals(200, swept.status(), swept.toString());
    }

    /** The room's part of the sale's report. */
    JsonObject roomReport(Sale sale) {
        Api.Answer report = api.adminGet("api/admin/sales/" + sale.id + "/report");
        assertEquals(200, report.status(), report.toString());
        return report.json().getJsonObject("room");
    }

    /** A sale whose room lets one buyer be active at a time, A admitted and holding a unit, B waiting behind. */
    OneAtATime oneAtATime(int tokenSeconds) {
        Sale sale = saleWithRoom(10, 1, 20, 30, 1, tokenSeconds);
        openNow(sale);
        String ticketA = take(sale, "first").json().getString("ticket");
        JsonObject admittedA = awaitStatus(sale, ticketA, "ADMITTED");
        String tokenA = admittedA.getString("token");
        String ticketB = take(sale, "second").json().getString("ticket");
        String keyA = "one-at-a-time-" + ticketA;
        Api.Answer reserved = reserve(sale, "first", tokenA, keyA);
        assertEquals(201, reserved.status(), reserved.toString());
        assertEquals(1, activeOf(sale), "A is the one active buyer");
        JsonObject waiting = poll(sale, ticketB);
        assertEquals("WAITING", waiting.getString("status"), waiting.toString());
        assertEquals("ROOM_FULL", waiting.getString("reason"), waiting.toString());
        return new OneAtATime(sale, ticketA, tokenA, Instant.parse(admittedA.getString("tokenExpiresAt")), keyA,
                reserved.json().getString("id"), ticketB);
    }

    /** A's ticket, token (and when it runs out), reservation (and its key) and B's ticket, in a room of one active buyer. */
    record OneAtATime(Sale sale, String ticketOfA, String tokenOfA, Instant tokenOfAExpiresAt, String keyOfA,
                      String reservationOfA, String ticketOfB) {
    }

    /**
     * Right after A's checkout ended: A is no longer active, B admitted on its next poll (or at once,
     * when A's units came back and the room stepped), A done with the room.
     */
    void assertPlaceFreedAndNextAdmitted(OneAtATime room) {
        Sale sale = room.sale();
        assertFalse(isActive(sale, room.ticketOfA()), "A's place is free: " + api.adminGet("api/admin/sales/" + sale.id + "/room").body());
        JsonObject next = poll(sale, room.ticketOfB());
        assertEquals("ADMITTED", next.getString("status"), "B's next poll: " + next);
        assertEquals(1, activeOf(sale), "B is the one active buyer");
        assertEquals("CHECKOUT_ENDED", poll(sale, room.ticketOfA()).getString("status"));
        Api.Answer again = reserve(sale, "first", room.tokenOfA(), "again-" + room.ticketOfA());
        assertEquals(403, again.status(), again.toString());
        assertEquals("admission-token-revoked", again.problemType(), again.toString());
        Api.Answer reservedB = reserve(sale, "second", next.getString("token"), "one-at-a-time-" + room.ticketOfB());
        assertEquals(201, reservedB.status(), reservedB.toString());
    }
}
