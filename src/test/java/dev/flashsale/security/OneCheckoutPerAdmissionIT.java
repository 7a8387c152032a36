package dev.flashsale.security;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.flashsale.testsupport.Api;
import dev.flashsale.testsupport.Db;
import dev.flashsale.testsupport.RoomSales;
import dev.flashsale.testsupport.Sales;
import dev.flashsale.testsupport.StockCounts;
import dev.flashsale.testsupport.TestServer;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * A waiting room's promise, kept by PostgreSQL: an admission buys one checkout, and a unit of a
 * sale whose room is on goes to no request without a checked admission token, whatever a node's
 * caches believe. Each test failed before the take (db/stock/take_units.sql) enforced it: one
 * token made three reservations, a SKU added to an open room sale and a room switched on behind a
 * node's back sold without a token.
 */
@Tag("security")
class OneCheckoutPerAdmissionIT {

    private static final String TOKEN_HEADER = "X-Admission-Token";
    private static final RoomSales.Room ROOM = new RoomSales.Room(100, 100, 600, 600);

    private final Api api = new Api(TestServer.url());

    @Test
    void aTokenBuysOneCheckoutAndARetryOfItsKeyGetsItBack() {
        String sku = Sales.uniqueSku("one-checkout");
        UUID sale = RoomSales.open(api, sku, 10, 1, 600, Instant.now().plus(RoomSales.LATER), ROOM);
        String token = admittedToken(sale, "one-checkout-buyer");

        Api.Answer first = reserve(sku, "one-checkout-buyer", token, "first-" + sale);
        assertEquals(201, first.status(), first.toString());
        for (String other : List.of("second-" + sale, "third-" + sale)) {
            Api.Answer again = reserve(sku, "one-checkout-buyer", token, other);
            assertEquals(403, again.status(), again.toString());
            assertEquals("admission-token-used", again.problemType());
        }
        Api.Answer retry = reserve(sku, "one-checkout-buyer", token, "first-" + sale);
        assertEquals(200, retry.status(), retry.toString());
        assertEquals(first.json().getString("id"), retry.json().getString("id"));

        assertEquals(1, StockCounts.of(sku).held(), "one unit held");
        assertEquals(1, Db.scalar("SELECT count(*) FROM reservation WHERE sku = ?", sku));
        assertEquals(1, Db.scalar("SELECT count(*) FROM admission_checkout WHERE sale_id = CAST(? AS uuid)", sale.toString()));
    }

    /** Requests that reach PostgreSQL together (one group, or racing groups) with one token: one hold. */
    @Test
    void concurrentReservesWithOneTokenMakeOneHold() throws Exception {
        String sku = Sales.uniqueSku("one-token-crowd");
        UUID sale = RoomSales.open(api, sku, 50, 1, 600, Instant.now().plus(RoomSales.LATER), ROOM);
        String token = admittedToken(sale, "crowd-buyer");
        int requests = 24;
        List<Callable<Api.Answer>> calls = new ArrayList<>();
        for (int i = 0; i < requests; i++) {
            String key = "crowd-" + i + "-" + sale;
            calls.add(() -> reserve(sku, "crowd-buyer", token, key));
        }
        ExecutorService pool = Executors.newFixedThreadPool(requests);
        List<Api.Answer> answers = new ArrayList<>();
        try {
            for (Future<Api.Answer> answer : pool.invokeAll(calls)) {
                answers.add(answer.get());
            }
        } finally {
            pool.shutdownNow();
        }
        Map<String, Long> byOutcome = answers.stream()
                .collect(Collectors.groupingBy(answer -> answer.status() + " " + (answer.isProblem() ? answer.problemType() : ""),
                        Collectors.counting()));
        assertEquals(Map.of("201 ", 1L, "403 admission-token-used", (long) requests - 1), byOutcome, answers.toString());
        assertEquals(1, StockCounts.of(sku).held());
        assertEquals(1, Db.scalar("SELECT count(*) FROM reservation WHERE sku = ?", sku));
    }

    /** PUT /api/admin/sales/{id} adds a SKU to an open sale with its room on: reserved at once without a token, refused. */
    @Test
    void aSkuAddedToAnOpenRoomSaleSellsNothingWithoutAToken() {
        String sku = Sales.uniqueSku("room-first");
        UUID sale = RoomSales.open(api, sku, 10, 1, 600, Instant.now().minusSeconds(5), ROOM);
        String added = Sales.uniqueSku("room-added");
        RoomSales.addSku(api, sale, added, 10);

        Api.Answer tokenless = api.reserve("added-" + sale, added, "no-token-buyer", 1);
        assertEquals(403, tokenless.status(), tokenless.toString());
        assertEquals("admission-required", tokenless.problemType());
        assertEquals(0, StockCounts.of(added).held(), "nothing taken");
        assertEquals(0, Db.scalar("SELECT count(*) FROM reservation WHERE sku = ?", added));
    }

    /**
     * A node that never heard that a sale's room came on (its announcement lost, its directory not
     * refreshed yet) lets the request through unchecked: PostgreSQL refuses it. The room is
     * switched on in PostgreSQL alone, so that no node can have been told.
     */
    @Test
    void aRoomSwitchedOnBehindTheNodesBackSellsNothingWithoutAToken() {
        String sku = Sales.uniqueSku("room-unheard");
        String sale = Sales.openSale(api, sku, 10, 1, 600, "REFUSE").getString("id");
        assertEquals(201, api.reserve("before-" + sale, sku, "early-buyer", 1).status(), "sold while the sale has no room");
        RoomSales.switchOnUnannounced(sale);
        try {
            Api.Answer tokenless = api.reserve("after-" + sale, sku, "late-buyer", 1);
            assertEquals(403, tokenless.status(), tokenless.toString());
            assertEquals("admission-required", tokenless.problemType());
            assertEquals(1, StockCounts.of(sku).held(), "only the hold from before the room");
        } finally {
            RoomSales.forgetUnannouncedRoom(sale);
        }
    }

    private String admittedToken(UUID sale, String buyer) {
        String ticket = RoomSales.take(api, sale, buyer).json().getString("ticket");
        RoomSales.openNow(api, sale);
        return RoomSales.awaitStatus(api, sale, ticket, "ADMITTED").getString("token");
    }

    private Api.Answer reserve(String sku, String buyer, String token, String key) {
        return api.post("api/reservations", Api.reserveBody(sku, buyer, 1), "Idempotency-Key", key, TOKEN_HEADER, token);
    }
}
