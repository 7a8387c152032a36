package dev.flashsale.room;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.flashsale.testsupport.AdmittedSampler;
import dev.flashsale.testsupport.Api;
import dev.flashsale.testsupport.Pause;
import dev.flashsale.testsupport.RoomSales;
import dev.flashsale.testsupport.Sales;
import dev.flashsale.testsupport.SecondNode;
import dev.flashsale.testsupport.StockCounts;
import dev.flashsale.testsupport.TestServer;
import dev.flashsale.testsupport.WebhookReceiver;
import dev.flashsale.testsupport.Webhooks;
import dev.flashsale.testsupport.history.FinalState;
import dev.flashsale.testsupport.history.HistoryChecker;
import jakarta.json.Json;
import jakarta.json.JsonObject;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.parallel.Isolated;

/**
 * A second server beside the tests' own, on the same PostgreSQL and Redis: one queue and one
 * admission count whichever node a buyer asks, tokens signed by one node accepted by the other,
 * and during the crowd the buyers admitted but not yet reserved never more than the units
 * available (sampled from PostgreSQL and Redis every 20 ms by {@link AdmittedSampler}; the room
 * admits 20 a second, so the crowd lasts long enough for many samples on any machine).
 */
@Tag("faults")
@Isolated("stops, pauses, slows or kills PostgreSQL, Redis or the second node, which every class shares")
class WaitingRoomTwoNodesIT {

    private static final int UNITS = 30;
    private static final int BUYERS = 120;
    /** flashsale.room.poll-memory-ms as the tests' servers run it: the product's default. */
    private static final Duration POLL_MEMORY = Duration.ofMillis(500);

    @Test
    void twoNodesShareOneQueueAndNeverAdmitMoreBuyersThanUnits() throws Exception {
        Api first = new Api(TestServer.url());
        Api second = new Api(SecondNode.proxied().base());
        String sku = Sales.uniqueSku("room2");
        UUID sale = saleWithRoom(first, sku);
        Api[] nodes = {first, second};
        Set<String> subscribed = Set.of("ticket.admitted", "reservation.confirmed", "sale.sold_out");
        try (WebhookReceiver receiver = new WebhookReceiver()) {
            // Each admission's webhook arrives, whichever node admitted: written right after Redis answered.
            Webhooks.Registered hook = Webhooks.register(first, receiver.url("room2"), subscribed.toArray(new String[0]));
            try {

                ExecutorService takers = Executors.newFixedThreadPool(8);
                List<Future<String>> taken = new ArrayList<>();
                for (int i = 0; i < BUYERS; i++) {
                    int buyer = i;
                    taken.add(takers.submit(() -> take(nodes[buyer % 2], sale, "buyer-" + buyer).json().getString("ticket")));
                }
                List<String> tickets = new ArrayList<>();
                for (Future<String> ticket : taken) {
                    tickets.add(ticket.get(60, TimeUnit.SECONDS));
                }
                takers.shutdown();
                assertEquals(tickets.get(1), take(first, sale, "buyer-1").json().getString("ticket"), "one ticket, whichever node");
                // One queue and one count, whichever node is asked: every ticket in the lottery's pre-queue.
                for (Api node : nodes) {
                    JsonObject queue = node.get("api/sales/" + sale + "/queue").json();
                    assertEquals(BUYERS, queue.getInt("waiting"), queue.toString());
                    assertEquals(0, queue.getInt("admitted"), queue.toString());
                }
                RoomSales.openNow(first, sale);

                ConcurrentHashMap<String, String> outcomes = new ConcurrentHashMap<>();
                int sampled;
                List<String> overAdmitted;
                try (AdmittedSampler sampler = AdmittedSampler.start(sale, sku)) {
                    int clients = 12;
                    ExecutorService crowd = Executors.newFixedThreadPool(clients);
                    List<Future<?>> slices = new ArrayList<>();
                    for (int c = 0; c < clients; c++) {
                        int slice = c;
                        slices.add(crowd.submit(() -> {
                            // Each client speaks for every twelfth buyer, round and round, until each of them is done.
                            Instant deadline = Instant.now().plusSeconds(120);
                            for (int round = 0; Instant.now().isBefore(deadline); round++) {
                                boolean waiting = false;
                                for (int buyer = slice; buyer < BUYERS; buyer += clients) {
                                    if (!outcomes.containsKey("buyer-" + buyer)) {
                                        String outcome = ask(nodes, sale, sku, buyer, tickets.get(buyer), round);
                                        if (outcome == null) {
                                            waiting = true;
                                        } else {
                                            outcomes.put("buyer-" + buyer, outcome);
                                        }
                                    }
                                }
                                if (!waiting) {
                                    return null;
                                }
                                Pause.millis(100);
                            }
                            return null;
                        }));
                    }
                    for (Future<?> slice : slices) {
                        slice.get(180, TimeUnit.SECONDS);
                    }
                    crowd.shutdown();
                    sampled = sampler.stop();
                    overAdmitted = sampler.overAdmitted();
                }

                assertEquals(UNITS, outcomes.values().stream().filter("BOUGHT"::equals).count(), outcomes.toString());
                assertEquals(BUYERS - UNITS, outcomes.values().stream().filter("SOLD_OUT"::equals).count(), outcomes.toString());
                StockCounts counts = StockCounts.of(sku);
                assertEquals(UNITS, counts.sold());
                assertEquals(0, counts.held());
                assertTrue(sampled > 10, "samples taken: " + sampled);
                assertEquals(List.of(), overAdmitted, "admitted but not reserved above available, in " + sampled + " samples");
                JsonObject roomOnFirst = first.adminGet("api/admin/sales/" + sale + "/room").json();
                JsonObject roomOnSecond = second.adminGet("api/admin/sales/" + sale + "/room").json();
                assertEquals(roomOnFirst.getInt("admitted"), roomOnSecond.getInt("admitted"), "one admission count");
                assertTrue(roomOnFirst.getInt("admitted") >= UNITS, roomOnFirst.toString());
                awaitEveryAdmissionAnnounced(receiver, hook, sale, sku, tickets, outcomes, roomOnFirst.getInt("admitted"));
            } finally {
                Webhooks.delete(first, hook.id());
            }
        }
    }

    /**
     * Every admission's {@code ticket.admitted} delivered, the bought buyers' among them, as many
     * tickets named as the room counts admissions; every payment's {@code reservation.confirmed}
     * and the sale's {@code sale.sold_out}; every request signed.
     */
    private static void awaitEveryAdmissionAnnounced(WebhookReceiver receiver, Webhooks.Registered hook, UUID sale, String sku,
                                                     List<String> tickets, Map<String, String> outcomes, int admitted) {
        Set<String> bought = new TreeSet<>();
        for (int buyer = 0; buyer < BUYERS; buyer++) {
            if ("BOUGHT".equals(outcomes.get("buyer-" + buyer))) {
                bought.add(RoomSales.commitment(tickets.get(buyer)));
            }
        }
        FinalState state = FinalState.read(List.of(sku));
        await("every admission, payment and the sold-out announced").atMost(RoomSales.PATIENCE).pollInterval(Duration.ofMillis(200))
                .untilAsserted(() -> {
                    List<WebhookReceiver.Received> ofSale = receiver.at("room2").stream()
                            .filter(got -> got.answered() / 100 == 2 && sale.toString().equals(got.data().getString("saleId", ""))).toList();
                    Set<String> announced = ofSale.stream().filter(got -> got.type().equals("ticket.admitted"))
                            .map(got -> got.data().getString("ticketCommitment")).collect(Collectors.toCollection(TreeSet::new));
                    assertTrue(announced.containsAll(bought), "admissions announced: " + announced.size() + " of " + admitted);
                    assertEquals(admitted, announced.size(), "one ticket.admitted per admission the room counts");
                    assertTrue(ofSale.stream().anyMatch(got -> got.type().equals("sale.sold_out")), "the sale's sold-out");
                    assertEquals(List.of(), HistoryChecker.checkEvents(state, Set.of("reservation.confirmed"),
                            Webhooks.ofReservations(receiver.at("room2"), hook.secret())));
                });
        assertTrue(receiver.at("room2").stream().allMatch(got -> got.signedBy(hook.secret())), "every request signed");
    }

    /**
     * One poll of one buyer's ticket, on the node of this round; admitted, the buyer reserves on
     * the other node and pays. @return BOUGHT or SOLD_OUT, or null while the ticket waits
     */
    private static String ask(Api[] nodes, UUID sale, String sku, int buyer, String ticket, int round) {
        int node = (buyer + round) % 2;
        Api.Answer polled = nodes[node].get("api/sales/" + sale + "/queue/" + ticket);
        if (polled.status() != 200) {
            throw new AssertionError("poll of buyer-" + buyer + ": " + polled);
        }
        String status = polled.json().getString("status");
        if (status.equals("SOLD_OUT")) {
            return status;
        }
        if (!status.equals("ADMITTED")) {
            return null;
        }
        Api.Answer reserved = nodes[1 - node].post("api/reservations", Api.reserveBody(sku, "buyer-" + buyer, 1),
                "Idempotency-Key", "room2-" + sale + "-" + buyer, "X-Admission-Token", polled.json().getString("token"));
        if (reserved.status() == 409 && reserved.problemType().equals("sold-out")) {
            return "SOLD_OUT";
        }
        if (reserved.status() != 201) {
            throw new AssertionError("reserve of admitted buyer-" + buyer + ": " + reserved);
        }
        Api.Answer paid = nodes[node].confirm(reserved.json().getString("id"));
        if (paid.status() != 200) {
            throw new AssertionError("payment of buyer-" + buyer + ": " + paid);
        }
        return "BOUGHT";
    }

    /**
     * A node answers a waiting ticket's polls from what it learnt at its last poll in Redis for
     * {@link #POLL_MEMORY} (the product's default): once that time is up since the second node's
     * last poll, its next poll tells a leave and a revoke made on the first node. No bound on how
     * fast the machine is: the test waits out the memory's time, then asks once.
     */
    @Test
    void aLeaveOrRevokeOnOneNodeIsTheOtherNodesNextAnswerOnceItsPollMemoryIsUp() {
        Api first = new Api(TestServer.url());
        Api second = new Api(SecondNode.proxied().base());
        String sku = Sales.uniqueSku("room2-left");
        UUID sale = RoomSales.open(first, sku, 5, 1, 600, Instant.now().minusSeconds(1), new RoomSales.Room(1, 5, 60, 30));
        assertEquals(200, first.adminPostEmpty("api/admin/sales/" + sale + "/room/pause").status());
        String leaving = take(first, sale, "buyer-leaving").json().getString("ticket");
        String revoked = take(first, sale, "buyer-revoked").json().getString("ticket");
        String queue = "api/sales/" + sale + "/queue/";
        for (int poll = 0; poll < 3; poll++) {
            assertEquals("WAITING", second.get(queue + leaving).json().getString("status"));
            assertEquals("WAITING", second.get(queue + revoked).json().getString("status"));
        }
        Instant lastPolled = Instant.now();
        assertEquals(204, first.delete(queue + leaving).status());
        assertEquals(204, first.adminPostEmpty("api/admin/sales/" + sale + "/room/tickets/" + revoked + "/revoke").status());
        await("the second node's poll memory up").atMost(POLL_MEMORY.multipliedBy(10)).pollInterval(Duration.ofMillis(20))
                .until(() -> Instant.now().isAfter(lastPolled.plus(POLL_MEMORY)));
        assertEquals(List.of("LEFT", "REVOKED"), List.of(second.get(queue + leaving).json().getString("status"),
                second.get(queue + revoked).json().getString("status")), "the second node's next answers");
    }

    /**
     * A room set on one node guards the SKU on the other as soon as the change is announced
     * through Redis: the second node runs with a directory read again only every ten minutes
     * ({@link SecondNode#ROOM_DIRECTORY_REFRESH_MS}), so only the announcement can tell it. Asked
     * with an order above the sale's most per order, which no answer but the room's refusal (403)
     * or the order's (400) can meet, so that nothing is taken while it waits.
     */
    @Test
    void aRoomSetOnOneNodeGuardsTheOtherAsSoonAsItIsAnnounced() {
        Api first = new Api(TestServer.url());
        Api second = new Api(SecondNode.proxied().base());
        String sku = Sales.uniqueSku("room2-set");
        Api.Answer created = first.adminPost("api/admin/sales", Json.createObjectBuilder().add("name", "Sale of " + sku)
                .add("holdSeconds", 600).add("maxPerOrder", 1).add("startsAt", Instant.now().minusSeconds(1).toString())
                .add("items", Json.createArrayBuilder().add(Json.createObjectBuilder().add("sku", sku).add("units", 5)))
                .build().toString());
        assertEquals(201, created.status(), created.toString());
        UUID sale = UUID.fromString(created.json().getString("id"));
        assertEquals(200, first.adminPostEmpty("api/admin/sales/" + sale + "/open").status());
        Api.Answer before = second.post("api/reservations", Api.reserveBody(sku, "buyer-before", 1), "Idempotency-Key", "set-" + sale);
        assertEquals(201, before.status(), "no room yet: " + before);

        Api.Answer set = first.adminPut("api/admin/sales/" + sale + "/room", Json.createObjectBuilder()
                .add("enabled", true).add("admissionPerSecond", 1).add("maxActive", 5).add("tokenSeconds", 60)
                .add("missedPollSeconds", 30).build().toString());
        assertEquals(200, set.status(), set.toString());

        await("the room known by the second node").atMost(RoomSales.PATIENCE).pollInterval(Duration.ofMillis(20)).until(() -> {
            Api.Answer probe = second.post("api/reservations", Api.reserveBody(sku, "probe", 2), "Idempotency-Key", "probe-" + UUID.randomUUID());
            assertTrue(probe.status() == 400 || probe.status() == 403, probe.toString());
            return probe.status() == 403 && probe.problemType().equals("admission-required");
        });
        assertEquals(403, second.post("api/reservations", Api.reserveBody(sku, "buyer-after", 1), "Idempotency-Key", "after-" + sale)
                .status(), "a tokenless reserve through the second node, once the room is known there");
    }

    private static UUID saleWithRoom(Api api, String sku) {
        return RoomSales.open(api, sku, UNITS, 1, 600, Instant.now().plus(RoomSales.LATER), new RoomSales.Room(20, 10_000, 60, 30));
    }

    private static Api.Answer take(Api api, UUID sale, String buyer) {
        return RoomSales.take(api, sale, buyer);
    }

    /**
     * A SKU added on one node to an open sale with its room on is sold by neither node without a
     * token, at once: no node is told that a SKU joined a room, so the node that did not make the
     * change lets the reserve through unchecked, and PostgreSQL's take refuses it. (For up to
     * 100 ms a node that read the sales' SKUs just before the change answers that no sale has the
     * SKU, taking nothing either: asked again until it knows the SKU, for at most a second.)
     */
    @Test
    void aSkuAddedOnOneNodeToAnOpenRoomSaleIsNotSoldWithoutATokenOnTheOther() {
        Api first = new Api(TestServer.url());
        Api second = new Api(SecondNode.proxied().base());
        String sku = Sales.uniqueSku("room2-first");
        UUID sale = RoomSales.open(first, sku, 10, 1, 600, Instant.now().minusSeconds(5), new RoomSales.Room(100, 100, 600, 600));
        RoomSales.awaitKnownBy(new Api[] {first, second}, sku);
        String added = Sales.uniqueSku("room2-added");
        RoomSales.addSku(first, sale, added, 10);
        for (Api node : new Api[] {second, first}) {
            String key = "added-" + node.base().getPort() + "-" + sale;
            Api.Answer tokenless = node.reserve(key, added, "no-token-buyer", 1);
            long askedAt = System.nanoTime();
            // Only the other node may not know the SKU yet: the node that added it read it again at once.
            for (int again = 1; node == second && tokenless.status() == 404 && System.nanoTime() - askedAt < 1_000_000_000L; again++) {
                assertEquals("sku-not-found", tokenless.problemType(), tokenless.toString());
                tokenless = node.reserve(key + "-" + again, added, "no-token-buyer", 1);
            }
            assertEquals(403, tokenless.status(), tokenless.toString());
            assertEquals("admission-required", tokenless.problemType());
        }
        assertEquals(0, StockCounts.of(added).held(), "nothing taken");
    }

    /**
     * A room switched on that the second node never heard of (its announcement lost: the room is
     * written in PostgreSQL alone, so no node is told) sells nothing without a token there.
     */
    @Test
    void aRoomTheSecondNodeNeverHeardOfSellsNothingThereWithoutAToken() {
        Api second = new Api(SecondNode.proxied().base());
        String sku = Sales.uniqueSku("room2-unheard");
        String sale = Sales.openSale(new Api(TestServer.url()), sku, 10, 1, 600, "REFUSE").getString("id");
        assertEquals(201, second.reserve("before-" + sale, sku, "early-buyer", 1).status(), "sold while the sale has no room");
        RoomSales.switchOnUnannounced(sale);
        try {
            Api.Answer tokenless = second.reserve("after-" + sale, sku, "late-buyer", 1);
            assertEquals(403, tokenless.status(), tokenless.toString());
            assertEquals("admission-required", tokenless.problemType());
            assertEquals(1, StockCounts.of(sku).held(), "only the hold from before the room");
        } finally {
            RoomSales.forgetUnannouncedRoom(sale);
        }
    }
}
