package dev.flashsale.room;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.awaitility.Awaitility.await;

import dev.flashsale.platform.id.BuyerId;
import dev.flashsale.platform.id.SaleId;
import dev.flashsale.room.RoomBuyers.OneAtATime;
import dev.flashsale.room.RoomBuyers.Sale;
import dev.flashsale.room.control.AdmissionTokens;
import dev.flashsale.room.control.RoomKeys;
import dev.flashsale.room.entity.AdmissionClaims;
import dev.flashsale.testsupport.Api;
import dev.flashsale.testsupport.Db;
import dev.flashsale.testsupport.Pause;
import dev.flashsale.testsupport.RoomSales;
import dev.flashsale.testsupport.StockCounts;
import dev.flashsale.testsupport.TestRedis;
import dev.flashsale.testsupport.TestServer;
import jakarta.json.JsonObject;
import jakarta.json.JsonString;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Base64;
import java.util.HashMap;
import java.util.HashSet;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;
import redis.clients.jedis.Jedis;

/**
 * The waiting room through the HTTP API, on the real Redis and PostgreSQL: tickets, the lottery
 * at the opening second (recomputed here from its downloaded record, its seed checked against
 * the hash published before), admission in order and never faster than the room's rate while
 * abandoned tickets lapse, the admission token on the reserve path (every bad kind refused with
 * 403 and nothing claimed), admission tied to the sale's units, and a checkout's end (payment,
 * cancel, expiry) freeing its buyer's place for the next. Each test has a sale of its own, whose
 * room opens when the test says ({@link RoomSales#openNow}) and whose own figures it reads, so
 * the class runs beside others and its tests side by side, each mostly waiting for its room's
 * steps; the tests that need the server to themselves (the gauges of every room, Redis paused) are
 * {@link WaitingRoomAloneIT}'s.
 */
@Tag("room")
@Execution(ExecutionMode.CONCURRENT)
class WaitingRoomIT {

    private final Api api = new Api(TestServer.url());
    private final RoomBuyers buyers = new RoomBuyers(api);

    /**
     * The count of admissions is recorded in PostgreSQL, and a Redis that lost the room (its keys
     * gone, as after a restart with nothing saved) takes it back: the next buyer admitted is the
     * fourth, not the first.
     */
    @Test
    void theCountOfAdmissionsOutlivesARedisThatLostTheRoom() {
        Sale sale = buyers.saleWithRoom(5, 1, 100, 30);
        List<String> tickets = new ArrayList<>();
        for (int i = 0; i < 3; i++) {
            tickets.add(buyers.take(sale, "remembered-" + i).json().getString("ticket"));
        }
        buyers.openNow(sale);
        tickets.forEach(ticket -> buyers.awaitStatus(sale, ticket, "ADMITTED"));
        await("the three admissions recorded in PostgreSQL (flashsale.room.admissions-record-ms)").atMost(RoomSales.PATIENCE)
                .pollInterval(Duration.ofMillis(200))
                .until(() -> Db.scalar("SELECT admitted_total FROM sale_room WHERE sale_id = ?::uuid", sale.id().toString()) == 3);

        try (Jedis redis = TestRedis.client()) {
            RoomKeys.all(new SaleId(sale.id())).forEach(redis::del);
        }
        Api.Answer again = buyers.take(sale, "remembered-after");
        assertEquals(201, again.status(), "Redis lost the tickets: a new one");
        buyers.awaitStatus(sale, again.json().getString("ticket"), "ADMITTED");
        assertEquals(4, buyers.admittedOf(sale), "the count taken back from PostgreSQL, and the new admission on top");
        JsonObject figures = buyers.roomReport(sale);
        assertEquals(4, figures.getInt("admitted"), figures.toString());
        assertEquals(3, figures.getInt("tickets"), "Redis' count of tickets started again; the report keeps the recorded 3, a lower bound: "
                + figures);
        assertTrue(figures.getInt("waitP50Seconds") >= 0 && figures.getInt("waitP99Seconds") >= figures.getInt("waitP50Seconds"),
                "four waits counted, the three recorded taken back: " + figures);
    }

    @Test
    void oneTicketPerBuyerAndLaterTicketsQueueInArrivalOrder() {
        Sale sale = buyers.saleWithRoom(100, 1, 1, 10);
        Api.Answer first = buyers.take(sale, "buyer-1");
        assertEquals(201, first.status(), first.toString());
        assertTrue(first.location().endsWith("/queue/" + first.json().getString("ticket")), first.location());
        Api.Answer again = buyers.take(sale, "buyer-1");
        assertEquals(200, again.status(), again.toString());
        assertEquals(first.json().getString("ticket"), again.json().getString("ticket"));
        assertEquals("LOTTERY_PENDING", again.json().getString("reason"));
        assertEquals("WAITING", again.json().getString("status"));

        // Paused, so that no admission moves the places while the later tickets are taken.
        assertEquals(200, api.adminPostEmpty("api/admin/sales/" + sale.id() + "/room/pause").status());
        buyers.openNow(sale);
        assertEquals(1, buyers.poll(sale, first.json().getString("ticket")).getJsonNumber("position").longValue(), "the lottery's only ticket");
        List<Long> positions = new ArrayList<>();
        for (int i = 0; i < 5; i++) {
            positions.add(buyers.take(sale, "late-" + i).json().getJsonNumber("position").longValue());
        }
        assertEquals(List.of(2L, 3L, 4L, 5L, 6L), positions, "positions after opening, in arrival order");
        assertEquals(buyers.take(sale, "late-0").json().getString("ticket"), buyers.take(sale, "late-0").json().getString("ticket"));

        String queue = "api/sales/" + sale.id() + "/queue";
        long queued = api.get(queue).json().getJsonNumber("waiting").longValue();
        // A blank buyer, or one with a C1 control character, is refused as a reserve refuses it: such a buyer could never reserve.
        for (String[] bad : new String[][] {{"{\"buyerId\":\"\"}", "invalid-request"}, {"{\"buyerId\":\"tab\\there\"}", "invalid-request"},
                {"{\"buyerId\":\"   \"}", "invalid-request"}, {"{\"buyerId\":\"next\\u0085line\"}", "invalid-request"},
                {"{\"buyerId\":[1]}", "malformed-request"}, {"{\"buyerId\":", "malformed-request"}}) {
            Api.Answer refused = api.post(queue, bad[0]);
            assertEquals(400, refused.status(), bad[0] + ": " + refused);
            assertEquals(bad[1], refused.problemType(), bad[0] + ": " + refused);
        }
        Api.Answer empty = api.postEmpty(queue, "Content-Type", "application/json");
        assertEquals(400, empty.status(), empty.toString());
        assertEquals("malformed-request", empty.problemType(), "no body is no JSON, as for a reservation: " + empty);
        assertEquals(queued, api.get(queue).json().getJsonNumber("waiting").longValue(), "no bad request took a ticket");
    }

    @Test
    void theLotteryIsRecomputedFromItsRecordAndItsSeedMatchesTheHashPublishedBefore() throws Exception {
        Sale sale = buyers.saleWithRoom(100, 1, 1, 30);
        JsonObject before = api.get("api/sales/" + sale.id() + "/queue").json();
        String publishedHash = before.getString("seedHash");
        assertFalse(before.containsKey("seed") && !before.isNull("seed"), "the seed stays secret before the draw: " + before);
        assertEquals(409, api.get("api/sales/" + sale.id() + "/queue/lottery").status());
        List<String> tickets = new ArrayList<>();
        for (int i = 0; i < 12; i++) {
            tickets.add(buyers.take(sale, "pre-" + i).json().getString("ticket"));
        }
        assertEquals(200, api.adminPostEmpty("api/admin/sales/" + sale.id() + "/room/pause").status());

        buyers.openNow(sale);
        buyers.poll(sale, tickets.get(0));
        Api.Answer download = api.get("api/sales/" + sale.id() + "/queue/lottery");
        assertEquals(200, download.status(), download.toString());
        JsonObject record = download.json();

        byte[] seed = HexFormat.of().parseHex(record.getString("seed"));
        assertEquals(publishedHash, HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(seed)));
        assertEquals(publishedHash, record.getString("seedHash"));
        List<String> recorded = strings(record, "commitments");
        assertEquals(tickets.stream().map(RoomSales::commitment).toList(), recorded,
                "the pre-queue's tickets' commitments in the order they were taken");
        List<String> order = strings(record, "order");
        assertEquals(RoomSales.recomputedOrder(seed, recorded), order);
        assertNotEquals(recorded, order, "twelve tickets the lottery left in arrival order (1 in 479,001,600)");
        Map<String, String> ticketOf = tickets.stream().collect(Collectors.toMap(RoomSales::commitment, ticket -> ticket));
        for (int place = 0; place < order.size(); place++) {
            JsonObject answer = buyers.poll(sale, ticketOf.get(order.get(place)));
            assertEquals(place + 1, answer.getJsonNumber("position").longValue(), answer.toString());
            assertEquals("PAUSED", answer.getString("reason"));
        }
        JsonObject after = api.get("api/sales/" + sale.id() + "/queue").json();
        assertEquals(record.getString("seed"), after.getString("seed"));
        assertEquals(publishedHash, api.adminGet("api/admin/sales/" + sale.id() + "/room").json().getString("seedHash"));
    }

    @Test
    void aValidTokenReservesAndEveryBadKindIsRefusedWithNothingClaimed() {
        Sale sale = buyers.saleWithRoom(50, 50, 50, 10);
        Sale other = buyers.saleWithRoom(50, 50, 50, 10);
        String ticketA = buyers.take(sale, "buyer-a").json().getString("ticket");
        String ticketB = buyers.take(sale, "buyer-b").json().getString("ticket");
        String ticketC = buyers.take(sale, "buyer-c").json().getString("ticket");
        String ticketOther = buyers.take(other, "buyer-a").json().getString("ticket");
        buyers.openNow(sale);
        buyers.openNow(other);
        String tokenA = buyers.awaitStatus(sale, ticketA, "ADMITTED").getString("token");
        String tokenC = buyers.awaitStatus(sale, ticketC, "ADMITTED").getString("token");
        buyers.awaitStatus(sale, ticketB, "ADMITTED");
        String otherSaleToken = buyers.awaitStatus(other, ticketOther, "ADMITTED").getString("token");
        AdmissionTokens signer = AdmissionTokens.withKey(Api.ROOM_TOKEN_KEY);
        AdmissionClaims claimsA = signer.verify(tokenA).orElseThrow();
        String expired = signer.sign(new AdmissionClaims(new SaleId(sale.id()), ticketA, System.currentTimeMillis() - 1000,
                new BuyerId("buyer-a")));
        String forgedKey = AdmissionTokens.withKey("another-key-that-no-node-has-of-32-chars").sign(claimsA);
        String tampered = tamper(tokenA);

        buyers.assertRefused(sale, "buyer-a", null, "admission-required");
        buyers.assertRefused(sale, "buyer-a", "", "admission-required");
        buyers.assertRefused(sale, "buyer-a", "not-a-token", "admission-token-invalid");
        buyers.assertRefused(sale, "buyer-a", tampered, "admission-token-invalid");
        buyers.assertRefused(sale, "buyer-a", forgedKey, "admission-token-invalid");
        buyers.assertRefused(sale, "buyer-a", expired, "admission-token-expired");
        buyers.assertRefused(sale, "buyer-b", tokenA, "admission-token-other-buyer");
        buyers.assertRefused(sale, "buyer-a", otherSaleToken, "admission-token-other-sale");
        assertEquals(204, api.adminPostEmpty("api/admin/sales/" + sale.id() + "/room/tickets/" + ticketC + "/revoke").status());
        assertEquals("REVOKED", buyers.poll(sale, ticketC).getString("status"));
        buyers.assertRefused(sale, "buyer-c", tokenC, "admission-token-revoked");
        assertEquals(0, StockCounts.of(sale.sku()).held(), "no refusal claimed a unit");
        assertEquals(0, Db.scalar("SELECT count(*) FROM reservation WHERE sku = ?", sale.sku()));

        Api.Answer reserved = buyers.reserve(sale, "buyer-a", tokenA, "ok-a");
        assertEquals(201, reserved.status(), reserved.toString());
        assertEquals(1, StockCounts.of(sale.sku()).held());
        assertEquals(200, buyers.reserve(sale, "buyer-a", tokenA, "ok-a").status(), "a retry with the same token and key");
        assertEquals(204, api.delete("api/sales/" + sale.id() + "/queue/" + ticketB).status());
        assertEquals("LEFT", buyers.poll(sale, ticketB).getString("status"));
    }

    /**
     * A ticket polled keeps its place while one that misses its polls (5 s) loses it, and one
     * that leaves is gone at once: the room, paused, is polled by the live ticket until only it
     * is left in the queue. The sale's report counts each: four tickets, one left, one revoked,
     * one expired, none admitted. (Five seconds, not the least of three: the live ticket's polls
     * wait for four admin calls, beside the classes that run with this one.)
     */
    @Test
    void ticketsThatMissTheirPollsExpireAndLeavingFreesThePlace() {
        Sale sale = buyers.saleWithRoom(100, 1, 1, 5);
        String silent = buyers.take(sale, "silent").json().getString("ticket");
        String leaving = buyers.take(sale, "leaving").json().getString("ticket");
        String live = buyers.take(sale, "live").json().getString("ticket");
        String revoked = buyers.take(sale, "revoked").json().getString("ticket");
        assertEquals(200, api.adminPostEmpty("api/admin/sales/" + sale.id() + "/room/pause").status());
        buyers.openNow(sale);
        buyers.poll(sale, live);
        assertEquals(204, api.delete("api/sales/" + sale.id() + "/queue/" + leaving).status());
        assertEquals("LEFT", buyers.poll(sale, leaving).getString("status"));
        assertEquals(204, api.adminPostEmpty("api/admin/sales/" + sale.id() + "/room/tickets/" + revoked + "/revoke").status());
        assertEquals(204, api.delete("api/sales/" + sale.id() + "/queue/" + revoked).status(), "gone already: nothing to count twice");
        // Each of the live ticket's polls runs the room's housekeeping, which drops the silent one once it missed 5 s.
        await("the silent ticket loses its place").atMost(RoomSales.PATIENCE).pollInterval(Duration.ofMillis(500)).until(() -> {
            JsonObject answer = buyers.poll(sale, live);
            assertEquals("WAITING", answer.getString("status"), "the live ticket keeps its place: " + answer);
            return RoomSales.figure(api, sale.id(), "waiting") == 1;
        });
        assertEquals("EXPIRED", buyers.poll(sale, silent).getString("status"));
        JsonObject answer = buyers.poll(sale, live);
        assertEquals("WAITING", answer.getString("status"), answer.toString());
        assertEquals(1, answer.getJsonNumber("position").longValue(), "the only live ticket is first: " + answer);
        assertEquals(404, api.get("api/sales/" + sale.id() + "/queue/t_AAAAAAAAAAAAAAAAAAAAAA").status());
        assertEquals(404, api.delete("api/sales/" + sale.id() + "/queue/nonsense").status());
        JsonObject figures = buyers.roomReport(sale);
        assertEquals(List.of(4, 0, 1, 1, 1), List.of(figures.getInt("tickets"), figures.getInt("admitted"), figures.getInt("left"),
                figures.getInt("revoked"), figures.getInt("expired")), figures.toString());
        assertFalse(figures.containsKey("waitP50Seconds"), "nobody admitted, no wait: " + figures);
        assertTrue(figures.getBoolean("live"), figures.toString());
    }

    /**
     * 40 tickets taken before the opening, half of them abandoned (never polled after it), the
     * rest polled round and round by four clients. The room opens paused, so that the abandoned
     * tickets lapse (5 s of missed polls) before anyone is admitted; resumed, it admits the 20
     * live tickets in the lottery's order, never faster than its rate (4 a second, one second's
     * worth at once), so that no reading of its count of admissions exceeds 4 + 4 a second since
     * the resume, on any machine; no abandoned ticket is admitted and no live one loses its
     * place or goes back in the queue. (Five seconds, not the least of three: a round of a
     * poller's five polls waits for the classes that run beside this one.)
     */
    @Test
    void admissionKeepsItsRateAndOrderWithHalfOfTheTicketsAbandoned() throws Exception {
        int rate = 4;
        int pollers = 4;
        Sale sale = buyers.saleWithRoom(1000, 1, rate, 5);
        List<String> live = new ArrayList<>();
        List<String> abandoned = new ArrayList<>();
        for (int i = 0; i < 40; i++) {
            (i % 2 == 0 ? live : abandoned).add(buyers.take(sale, "crowd-" + i).json().getString("ticket"));
        }
        assertEquals(200, api.adminPostEmpty("api/admin/sales/" + sale.id() + "/room/pause").status());

        Map<String, JsonObject> ended = new ConcurrentHashMap<>();
        List<String> wentBack = new CopyOnWriteArrayList<>();
        AtomicBoolean stop = new AtomicBoolean();
        ExecutorService threads = Executors.newFixedThreadPool(pollers);
        List<Future<?>> polling = new ArrayList<>();
        for (int t = 0; t < pollers; t++) {
            int slice = t;
            polling.add(threads.submit(() -> {
                Map<String, Long> lastPlace = new HashMap<>();
                while (!stop.get() && ended.size() < live.size()) {
                    for (int i = slice; i < live.size(); i += pollers) {
                        String ticket = live.get(i);
                        if (!ended.containsKey(ticket)) {
                            JsonObject answer = buyers.poll(sale, ticket);
                            if (!answer.getString("status").equals("WAITING")) {
                                ended.put(ticket, answer);
                            } else if (answer.containsKey("position") && !answer.isNull("position")) {
                                long place = answer.getJsonNumber("position").longValue();
                                Long earlier = lastPlace.put(ticket, place);
                                if (earlier != null && place > earlier) {
                                    wentBack.add(ticket + " from " + earlier + " to " + place);
                                }
                            }
                        }
                    }
                    // A buyer's page polls every moment or so: well within the 5 s a live ticket may miss.
                    Pause.millis(200);
                }
                return null;
            }));
        }
        try {
            buyers.openNow(sale);
            await("the abandoned tickets lapse and the live ones stay").atMost(RoomSales.PATIENCE).pollInterval(Duration.ofMillis(200))
                    .until(() -> RoomSales.view(api, sale.id()), room -> room.getInt("preQueue") == 0 && room.getInt("waiting") == live.size());
            assertEquals(0, buyers.admittedOf(sale), "paused: nobody admitted yet");

            long resumedAt = System.nanoTime();
            assertEquals(200, api.adminPostEmpty("api/admin/sales/" + sale.id() + "/room/resume").status());
            List<String> tooFast = new ArrayList<>();
            await("every live ticket admitted").atMost(RoomSales.PATIENCE).pollInterval(Duration.ofMillis(100)).until(() -> {
                long admitted = buyers.admittedOf(sale);
                double seconds = (System.nanoTime() - resumedAt) / 1e9;
                if (admitted > rate + rate * seconds) {
                    tooFast.add(admitted + " admitted " + seconds + " s after the resume");
                }
                return admitted >= live.size() && ended.size() == live.size();
            });
            assertEquals(List.of(), tooFast, "admitted faster than " + rate + " a second, one second's worth at once");
        } finally {
            stop.set(true);
            threads.shutdown();
            assertTrue(threads.awaitTermination(60, TimeUnit.SECONDS), "the pollers stopped");
        }
        for (Future<?> poller : polling) {
            poller.get();
        }
        assertEquals(List.of(), ended.values().stream().filter(answer -> !answer.getString("status").equals("ADMITTED")).toList(),
                "live tickets end admitted");
        assertEquals(List.of(), wentBack, "a live ticket went back in the queue");
        assertEquals(live.size(), buyers.admittedOf(sale), "the live tickets, and none of the abandoned ones, admitted");
        for (String ticket : abandoned) {
            assertEquals("EXPIRED", buyers.poll(sale, ticket).getString("status"), ticket);
        }
        // One admission's tokens all run out at once, so their expiries follow the order of admission.
        Map<String, String> ticketOf = live.stream().collect(Collectors.toMap(RoomSales::commitment, ticket -> ticket));
        List<String> order = strings(api.get("api/sales/" + sale.id() + "/queue/lottery").json(), "order").stream()
                .map(ticketOf::get).filter(Objects::nonNull).toList();
        List<Instant> expiries = order.stream().map(ticket -> Instant.parse(ended.get(ticket).getString("tokenExpiresAt"))).toList();
        assertEquals(expiries.stream().sorted().toList(), expiries, "admitted in the lottery's order " + order);
    }

    /**
     * Two units: two buyers admitted, the others told no unit is free while their holds are out;
     * the holds expire (made overdue, and swept now) and admission resumes; once every unit is
     * sold, waiting tickets answer SOLD_OUT.
     */
    @Test
    void admissionFollowsTheUnits() {
        Sale sale = buyers.saleWithRoom(2, 2, 20, 30);
        List<String> tickets = new ArrayList<>();
        for (int i = 0; i < 4; i++) {
            tickets.add(buyers.take(sale, "units-" + i).json().getString("ticket"));
        }
        buyers.openNow(sale);
        Map<String, JsonObject> answers = await("two buyers admitted").atMost(RoomSales.PATIENCE).pollInterval(Duration.ofMillis(100))
                .until(() -> buyers.pollAll(sale, tickets), polled -> polled.values().stream().filter(a -> a.getString("status").equals("ADMITTED")).count() >= 2);
        List<String> admitted = tickets.stream().filter(t -> answers.get(t).getString("status").equals("ADMITTED")).toList();
        List<String> waiting = tickets.stream().filter(t -> !admitted.contains(t)).toList();
        assertEquals(2, admitted.size(), "two units, two buyers admitted: " + answers);
        // A poll within the node's poll memory (500 ms) of the last is answered as that one was, which may have come
        // before the two admissions: asked again until the room says why the ticket waits.
        for (String ticket : waiting) {
            await("ticket " + ticket + " told no unit is free").atMost(RoomSales.PATIENCE).pollInterval(Duration.ofMillis(100))
                    .until(() -> buyers.poll(sale, ticket), answer -> "NO_UNITS_FREE".equals(answer.getString("reason", "")));
        }
        List<String> holds = new ArrayList<>();
        for (String ticket : admitted) {
            JsonObject answer = buyers.poll(sale, ticket);
            Api.Answer reserved = buyers.reserve(sale, buyerOf(tickets, ticket), answer.getString("token"), "units-" + ticket);
            assertEquals(201, reserved.status(), reserved.toString());
            holds.add(reserved.json().getString("id"));
        }
        assertEquals(2, StockCounts.of(sale.sku()).held());
        JsonObject held = buyers.poll(sale, waiting.get(0));
        assertEquals("WAITING", held.getString("status"));
        assertEquals("NO_UNITS_FREE", held.getString("reason"), "nothing available, holds out: admission pauses");

        // The holds run out; a sweep gives the units back and admission resumes.
        for (int i = 0; i < holds.size(); i++) {
            TestRedis.makeOverdue(sale.sku(), "units-" + admitted.get(i), holds.get(i));
        }
        buyers.sweep();
        JsonObject resumed = buyers.awaitStatus(sale, waiting.get(0), "ADMITTED");
        Api.Answer reserved = buyers.reserve(sale, buyerOf(tickets, waiting.get(0)), resumed.getString("token"), "units-last");
        assertEquals(201, reserved.status(), reserved.toString());
        assertEquals(200, api.confirm(reserved.json().getString("id")).status());
        String second = buyers.awaitStatus(sale, waiting.get(1), "ADMITTED").getString("token");
        Api.Answer last = buyers.reserve(sale, buyerOf(tickets, waiting.get(1)), second, "units-final");
        assertEquals(201, last.status(), last.toString());
        assertEquals(200, api.confirm(last.json().getString("id")).status());
        assertEquals(0, StockCounts.of(sale.sku()).held());

        String late = buyers.take(sale, "after-the-end").json().getString("ticket");
        buyers.awaitStatus(sale, late, "SOLD_OUT");
    }

    /**
     * A room of one active buyer at a time: buyer A admitted and reserved, buyer B waits with
     * ROOM_FULL; A pays, and B's next poll is admitted. A's ticket says its checkout ended and
     * its token reserves no more.
     */
    @Test
    void aPaidCheckoutFreesThePlaceForTheNextBuyer() {
        OneAtATime room = buyers.oneAtATime(60);
        Api.Answer paid = api.confirm(room.reservationOfA());
        assertEquals(200, paid.status(), paid.toString());
        buyers.assertPlaceFreedAndNextAdmitted(room);
    }

    @Test
    void aCancelledCheckoutFreesThePlaceForTheNextBuyer() {
        OneAtATime room = buyers.oneAtATime(60);
        Api.Answer cancelled = api.cancel(room.reservationOfA());
        assertEquals(200, cancelled.status(), cancelled.toString());
        buyers.assertPlaceFreedAndNextAdmitted(room);
    }

    /** A's hold is made overdue and swept: the place is free before A's token runs out (60 s), and B admitted. */
    @Test
    void anExpiredHoldFreesThePlaceForTheNextBuyer() {
        OneAtATime room = buyers.oneAtATime(60);
        TestRedis.makeOverdue(room.sale().sku(), room.keyOfA(), room.reservationOfA());
        buyers.sweep();
        // The sweep of the timer may have taken the hold first and be committing it still.
        await("the expired hold frees its place").atMost(RoomSales.PATIENCE).pollInterval(Duration.ofMillis(100))
                .until(() -> !RoomBuyers.isActive(room.sale(), room.ticketOfA()));
        assertEquals("EXPIRED", Db.text("SELECT status FROM reservation WHERE id = ?::uuid", room.reservationOfA()));
        buyers.assertPlaceFreedAndNextAdmitted(room);
    }

    /**
     * A crowd's tickets and polls each get their own answer, though a node carries the calls of
     * one moment to Redis together (lua/room_batch.lua; how many share a call is the benchmark's
     * figure, and RequestLineTest shows the grouping): 8 clients take 24 tickets and poll them
     * until each is admitted; every answer names the ticket polled, every admitted answer's
     * token (checked with the nodes' key) names that ticket, its own buyer and the sale, and a
     * waiting ticket's place never goes back.
     */
    @Test
    void aCrowdsTicketsAndPollsEachGetTheirOwnAnswer() throws Exception {
        Sale sale = buyers.saleWithRoom(1_000, 1, 50, 60);
        buyers.openNow(sale);
        AdmissionTokens nodesKey = AdmissionTokens.withKey(Api.ROOM_TOKEN_KEY);
        // The first ticket's poll draws the (empty) lottery; the crowd's tickets then queue in arrival order.
        assertEquals(201, buyers.take(sale, "crowd-opener").status());
        int clients = 8;
        int buyersEach = 3;
        ExecutorService pool = Executors.newFixedThreadPool(clients);
        List<Future<Integer>> pollsOfClients = new ArrayList<>();
        for (int c = 0; c < clients; c++) {
            int client = c;
            pollsOfClients.add(pool.submit(() -> {
                List<String> tickets = new ArrayList<>();
                for (int b = 0; b < buyersEach; b++) {
                    Api.Answer taken = buyers.take(sale, "crowd-" + client + "-" + b);
                    assertEquals(201, taken.status(), taken.toString());
                    tickets.add(taken.json().getString("ticket"));
                }
                Map<String, Long> lastPlace = new HashMap<>();
                Set<String> admitted = new HashSet<>();
                int polls = 0;
                for (int p = 0; admitted.size() < buyersEach; p++) {
                    int b = p % buyersEach;
                    String ticket = tickets.get(b);
                    JsonObject answer = buyers.poll(sale, ticket);
                    polls++;
                    assertEquals(ticket, answer.getString("ticket"), answer.toString());
                    if (answer.getString("status").equals("ADMITTED")) {
                        AdmissionClaims claims = nodesKey.verify(answer.getString("token")).orElseThrow(() ->
                                new AssertionError("a token the nodes' key does not verify: " + answer));
                        assertEquals(ticket, claims.ticket(), answer.toString());
                        assertEquals(new BuyerId("crowd-" + client + "-" + b), claims.buyerId(), "another buyer's token: " + answer);
                        assertEquals(sale.id(), claims.saleId().value());
                        admitted.add(ticket);
                    } else {
                        assertEquals("WAITING", answer.getString("status"), answer.toString());
                        long place = answer.getJsonNumber("position").longValue();
                        Long earlier = lastPlace.put(ticket, place);
                        assertTrue(earlier == null || place <= earlier, ticket + " went back from " + earlier + " to " + place);
                    }
                }
                return polls;
            }));
        }
        try {
            for (Future<Integer> client : pollsOfClients) {
                assertTrue(client.get(RoomSales.PATIENCE.toSeconds(), TimeUnit.SECONDS) >= buyersEach);
            }
        } finally {
            pool.shutdownNow();
        }
        assertEquals(1 + clients * buyersEach, buyers.admittedOf(sale), "the opener and every buyer of the crowd admitted once");
    }

    private static String buyerOf(List<String> tickets, String ticket) {
        return "units-" + tickets.indexOf(ticket);
    }

    private static List<String> strings(JsonObject record, String name) {
        return record.getJsonArray(name).getValuesAs(JsonString.class).stream().map(JsonString::getString).toList();
    }

    /** The same claims with one character of the signature changed. */
    private static String tamper(String token) {
        int dot = token.lastIndexOf('.');
        String claims = new String(Base64.getUrlDecoder().decode(token.substring(token.indexOf('.') + 1, dot)), StandardCharsets.UTF_8);
        String otherBuyer = claims.replace("buyer-a", "buyer-z");
        assertFalse(otherBuyer.equals(claims));
        return token.substring(0, token.indexOf('.') + 1)
                + Base64.getUrlEncoder().withoutPadding().encodeToString(otherBuyer.getBytes(StandardCharsets.UTF_8)) + token.substring(dot);
    }
}
