package dev.flashsale.room;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.flashsale.room.control.AdmissionTokens;
import dev.flashsale.room.control.RoomKeys;
import dev.flashsale.room.entity.AdmissionClaims;
import dev.flashsale.testsupport.Api;
import dev.flashsale.testsupport.Db;
import dev.flashsale.testsupport.Metrics;
import dev.flashsale.testsupport.Pause;
import dev.flashsale.testsupport.RoomSales;
import dev.flashsale.testsupport.Sales;
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
import java.util.Comparator;
import java.util.HashMap;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Future;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Predicate;
import java.util.stream.Collectors;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import redis.clients.jedis.Jedis;

/**
 * The waiting room through the HTTP API, on the real Redis and PostgreSQL: tickets, the lottery
 * at the opening second (recomputed here from its downloaded record, its seed checked against
 * the hash published before), admission at the room's rate while abandoned tickets lapse, the
 * admission token on the reserve path (every bad kind refused with 403 and nothing claimed),
 * admission tied to the sale's units, and a checkout's end (payment, cancel, expiry) freeing its
 * buyer's place for the next.
 */
@Tag("room")
class WaitingRoomIT {

    private static final String TOKEN_HEADER = "X-Admission-Token";

    private final Api api = new Api(TestServer.url());

    @Test
    void theRoomsFiguresAreMetrics() {
        // The gauges read Redis at most once a second: a reading taken now may predate the last
        // test's tickets, so the one to count from is taken once that second has passed.
        Pause.millis(1_100);
        Metrics before = Metrics.read(api);
        Sale sale = saleWithRoom(3, 1, Duration.ofSeconds(2), 100, 30);
        List<String> tickets = new ArrayList<>();
        for (int i = 0; i < 3; i++) {
            tickets.add(take(sale, "metered-" + i).json().getString("ticket"));
        }
        take(sale, "metered-0");
        assertEquals(3, gaugeSince(before, "flashsale_room_waiting"), "three tickets in the pre-queue");
        assertEquals(1, gaugeSince(before, "flashsale_room_rooms"), "one more room on");
        awaitOpening(sale);
        String token = null;
        for (String ticket : tickets) {
            token = awaitStatus(sale, ticket, "ADMITTED").getString("token");
        }
        assertEquals(201, reserve(sale, "metered-2", token, "metered-" + System.nanoTime()).status());
        Pause.millis(1_100); // the gauges read Redis at most once a second

        Metrics after = Metrics.read(api);
        assertEquals(3, after.since(before, "flashsale_room_tickets_total{answer=\"new\"}"));
        assertEquals(1, after.since(before, "flashsale_room_tickets_total{answer=\"again\"}"));
        assertEquals(3, after.since(before, "flashsale_room_polls_total{reason=\"none\",status=\"admitted\"}"),
                "each ticket polled until admitted once");
        assertEquals(1, after.since(before, "flashsale_room_lotteries_total"), "this node drew the room's lottery");
        assertEquals(0, after.value("flashsale_room_waiting") - before.value("flashsale_room_waiting"), "nobody waits any more");
        assertEquals(3, after.value("flashsale_room_admitted") - before.value("flashsale_room_admitted"));
        assertEquals(2, after.value("flashsale_room_admitted_not_reserved") - before.value("flashsale_room_admitted_not_reserved"),
                "one of the three admitted has reserved");
        assertEquals(3, after.value("flashsale_room_active") - before.value("flashsale_room_active"), "three live tokens");
    }

    /**
     * The count of admissions is recorded in PostgreSQL, and a Redis that lost the room (its keys
     * gone, as after a restart with nothing saved) takes it back: the next buyer admitted is the
     * fourth, not the first.
     */
    @Test
    void theCountOfAdmissionsOutlivesARedisThatLostTheRoom() {
        Sale sale = saleWithRoom(5, 1, Duration.ofSeconds(2), 100, 30);
        List<String> tickets = new ArrayList<>();
        for (int i = 0; i < 3; i++) {
            tickets.add(take(sale, "remembered-" + i).json().getString("ticket"));
        }
        awaitOpening(sale);
        tickets.forEach(ticket -> awaitStatus(sale, ticket, "ADMITTED"));
        Instant deadline = Instant.now().plusSeconds(10);
        while (Db.scalar("SELECT admitted_total FROM sale_room WHERE sale_id = ?::uuid", sale.id.toString()) < 3) {
            assertTrue(Instant.now().isBefore(deadline), "the three admissions recorded in PostgreSQL within 10 s");
            Pause.millis(200);
        }

        try (Jedis redis = TestRedis.client()) {
            RoomKeys.all(sale.id).forEach(redis::del);
        }
        Api.Answer again = take(sale, "remembered-after");
        assertEquals(201, again.status(), "Redis lost the tickets: a new one");
        awaitStatus(sale, again.json().getString("ticket"), "ADMITTED");
        assertEquals(4, admittedOf(sale), "the count taken back from PostgreSQL, and the new admission on top");
    }

    /** How much a gauge moved since {@code before}, read again once the gauges' one-second reading has passed. */
    private double gaugeSince(Metrics before, String gauge) {
        Pause.millis(1_100);
        return Metrics.read(api).value(gauge) - before.value(gauge);
    }

    @Test
    void oneTicketPerBuyerAndLaterTicketsQueueInArrivalOrder() {
        Sale sale = saleWithRoom(100, 1, Duration.ofSeconds(2), 1, 10);
        Api.Answer first = take(sale, "buyer-1");
        assertEquals(201, first.status(), first.toString());
        assertTrue(first.location().endsWith("/queue/" + first.json().getString("ticket")), first.location());
        Api.Answer again = take(sale, "buyer-1");
        assertEquals(200, again.status(), again.toString());
        assertEquals(first.json().getString("ticket"), again.json().getString("ticket"));
        assertEquals("LOTTERY_PENDING", again.json().getString("reason"));
        assertEquals("WAITING", again.json().getString("status"));

        awaitOpening(sale);
        List<Long> positions = new ArrayList<>();
        for (int i = 0; i < 5; i++) {
            positions.add(take(sale, "late-" + i).json().getJsonNumber("position").longValue());
        }
        for (int i = 1; i < positions.size(); i++) {
            assertTrue(positions.get(i) > positions.get(i - 1), "positions after opening: " + positions);
        }
        assertEquals(take(sale, "late-0").json().getString("ticket"), take(sale, "late-0").json().getString("ticket"));

        String queue = "api/sales/" + sale.id + "/queue";
        long queued = api.get(queue).json().getJsonNumber("waiting").longValue();
        for (String[] bad : new String[][] {{"{\"buyerId\":\"\"}", "invalid-request"}, {"{\"buyerId\":\"tab\\there\"}", "invalid-request"},
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
        Sale sale = saleWithRoom(100, 1, Duration.ofSeconds(3), 1, 30);
        JsonObject before = api.get("api/sales/" + sale.id + "/queue").json();
        String publishedHash = before.getString("seedHash");
        assertFalse(before.containsKey("seed") && !before.isNull("seed"), "the seed stays secret before the draw: " + before);
        assertEquals(409, api.get("api/sales/" + sale.id + "/queue/lottery").status());
        List<String> tickets = new ArrayList<>();
        for (int i = 0; i < 12; i++) {
            tickets.add(take(sale, "pre-" + i).json().getString("ticket"));
        }
        assertEquals(200, api.adminPostEmpty("api/admin/sales/" + sale.id + "/room/pause").status());

        awaitOpening(sale);
        poll(sale, tickets.get(0));
        Api.Answer download = api.get("api/sales/" + sale.id + "/queue/lottery");
        assertEquals(200, download.status(), download.toString());
        JsonObject record = download.json();

        byte[] seed = HexFormat.of().parseHex(record.getString("seed"));
        assertEquals(publishedHash, HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(seed)));
        assertEquals(publishedHash, record.getString("seedHash"));
        List<String> recorded = strings(record, "tickets");
        assertEquals(tickets, recorded, "the pre-queue's tickets in the order they were taken");
        List<String> order = strings(record, "order");
        assertEquals(recomputed(seed, tickets), order);
        assertNotEquals(tickets, order, "twelve tickets the lottery left in arrival order (1 in 479,001,600)");
        for (int place = 0; place < order.size(); place++) {
            JsonObject answer = poll(sale, order.get(place));
            assertEquals(place + 1, answer.getJsonNumber("position").longValue(), answer.toString());
            assertEquals("PAUSED", answer.getString("reason"));
        }
        JsonObject after = api.get("api/sales/" + sale.id + "/queue").json();
        assertEquals(record.getString("seed"), after.getString("seed"));
        assertEquals(publishedHash, api.adminGet("api/admin/sales/" + sale.id + "/room").json().getString("seedHash"));
    }

    @Test
    void aValidTokenReservesAndEveryBadKindIsRefusedWithNothingClaimed() {
        Sale sale = saleWithRoom(50, 50, Duration.ofSeconds(2), 1, 10);
        Sale other = saleWithRoom(50, 50, Duration.ofSeconds(2), 1, 10);
        String ticketA = take(sale, "buyer-a").json().getString("ticket");
        String ticketB = take(sale, "buyer-b").json().getString("ticket");
        String ticketC = take(sale, "buyer-c").json().getString("ticket");
        String ticketOther = take(other, "buyer-a").json().getString("ticket");
        awaitOpening(sale);
        awaitOpening(other);
        String tokenA = awaitStatus(sale, ticketA, "ADMITTED").getString("token");
        String tokenC = awaitStatus(sale, ticketC, "ADMITTED").getString("token");
        awaitStatus(sale, ticketB, "ADMITTED");
        String otherSaleToken = awaitStatus(other, ticketOther, "ADMITTED").getString("token");
        AdmissionTokens signer = AdmissionTokens.withKey(Api.ROOM_TOKEN_KEY);
        AdmissionClaims claimsA = signer.verify(tokenA).orElseThrow();
        String expired = signer.sign(new AdmissionClaims(sale.id, ticketA, System.currentTimeMillis() - 1000, "buyer-a"));
        String forgedKey = AdmissionTokens.withKey("another-key-that-no-node-has-of-32-chars").sign(claimsA);
        String tampered = tamper(tokenA);

        assertRefused(sale, "buyer-a", null, "admission-required");
        assertRefused(sale, "buyer-a", "", "admission-required");
        assertRefused(sale, "buyer-a", "not-a-token", "admission-token-invalid");
        assertRefused(sale, "buyer-a", tampered, "admission-token-invalid");
        assertRefused(sale, "buyer-a", forgedKey, "admission-token-invalid");
        assertRefused(sale, "buyer-a", expired, "admission-token-expired");
        assertRefused(sale, "buyer-b", tokenA, "admission-token-other-buyer");
        assertRefused(sale, "buyer-a", otherSaleToken, "admission-token-other-sale");
        assertEquals(204, api.adminPostEmpty("api/admin/sales/" + sale.id + "/room/tickets/" + ticketC + "/revoke").status());
        assertEquals("REVOKED", poll(sale, ticketC).getString("status"));
        assertRefused(sale, "buyer-c", tokenC, "admission-token-revoked");
        assertEquals(0, StockCounts.of(sale.sku).held(), "no refusal claimed a unit");
        assertEquals(0, Db.scalar("SELECT count(*) FROM reservation WHERE sku = ?", sale.sku));

        Api.Answer reserved = reserve(sale, "buyer-a", tokenA, "ok-a");
        assertEquals(201, reserved.status(), reserved.toString());
        assertEquals(1, StockCounts.of(sale.sku).held());
        assertEquals(200, reserve(sale, "buyer-a", tokenA, "ok-a").status(), "a retry with the same token and key");
        assertEquals(204, api.delete("api/sales/" + sale.id + "/queue/" + ticketB).status());
        assertEquals("LEFT", poll(sale, ticketB).getString("status"));
    }

    @Test
    void ticketsThatMissTheirPollsExpireAndLeavingFreesThePlace() {
        Sale sale = saleWithRoom(100, 1, Duration.ofSeconds(2), 1, 3);
        String silent = take(sale, "silent").json().getString("ticket");
        String leaving = take(sale, "leaving").json().getString("ticket");
        String live = take(sale, "live").json().getString("ticket");
        assertEquals(200, api.adminPostEmpty("api/admin/sales/" + sale.id + "/room/pause").status());
        awaitOpening(sale);
        poll(sale, live);
        assertEquals(204, api.delete("api/sales/" + sale.id + "/queue/" + leaving).status());
        assertEquals("LEFT", poll(sale, leaving).getString("status"));
        Instant until = Instant.now().plusSeconds(5);
        while (Instant.now().isBefore(until)) {
            assertEquals("WAITING", poll(sale, live).getString("status"));
            Pause.millis(500);
        }
        assertEquals("EXPIRED", poll(sale, silent).getString("status"));
        JsonObject answer = poll(sale, live);
        assertEquals(1, answer.getJsonNumber("position").longValue(), "the only live ticket is first: " + answer);
        assertEquals(404, api.get("api/sales/" + sale.id + "/queue/t_AAAAAAAAAAAAAAAAAAAAAA").status());
        assertEquals(404, api.delete("api/sales/" + sale.id + "/queue/nonsense").status());
    }

    /**
     * 160 tickets taken before the opening, half of them abandoned (they never poll after it), the rest polled
     * round and round by ten clients: once the abandoned ones lapsed (8 s), live tickets are
     * admitted at the room's rate, 4 a second, within 10% over 10 seconds, and no live ticket
     * lost its place.
     */
    @Test
    void admissionKeepsItsRateWithHalfOfTheTicketsAbandoned() throws Exception {
        int rate = 4;
        int pollers = 10;
        Sale sale = saleWithRoom(1000, 1, Duration.ofSeconds(20), rate, 8);
        ExecutorService takers = Executors.newFixedThreadPool(8);
        List<Future<String>> taken = new ArrayList<>();
        for (int i = 0; i < 160; i++) {
            String buyer = "crowd-" + i;
            taken.add(takers.submit(() -> take(sale, buyer).json().getString("ticket")));
        }
        List<String> live = new ArrayList<>();
        for (int i = 0; i < taken.size(); i++) {
            String ticket = taken.get(i).get(60, TimeUnit.SECONDS);
            if (i % 2 == 0) {
                live.add(ticket);
            }
        }
        takers.shutdown();
        assertTrue(Instant.now().isBefore(sale.opensAt), "the 160 tickets were taken before the opening second");
        awaitOpening(sale);
        ConcurrentHashMap<String, String> ended = new ConcurrentHashMap<>();
        AtomicBoolean stop = new AtomicBoolean();
        AtomicLong polls = new AtomicLong();
        AtomicLong longestRoundMillis = new AtomicLong();
        ExecutorService threads = Executors.newFixedThreadPool(pollers);
        List<Future<?>> polling = new ArrayList<>();
        for (int t = 0; t < pollers; t++) {
            int slice = t;
            polling.add(threads.submit(() -> {
                while (!stop.get()) {
                    long round = System.nanoTime();
                    for (int i = slice; i < live.size(); i += pollers) {
                        String ticket = live.get(i);
                        if (!ended.containsKey(ticket)) {
                            String status = poll(sale, ticket).getString("status");
                            polls.incrementAndGet();
                            if (!status.equals("WAITING")) {
                                ended.put(ticket, status);
                            }
                        }
                    }
                    longestRoundMillis.accumulateAndGet((System.nanoTime() - round) / 1_000_000, Math::max);
                    Pause.millis(300);
                }
                return null;
            }));
        }
        try {
            Pause.millis(9000);
            long start = admittedOf(sale);
            Instant startedAt = Instant.now();
            Pause.millis(10_000);
            long end = admittedOf(sale);
            double seconds = Duration.between(startedAt, Instant.now()).toMillis() / 1000.0;
            double measured = (end - start) / seconds;
            long stillWaiting = api.adminGet("api/admin/sales/" + sale.id + "/room").json().getJsonNumber("waiting").longValue();
            String seen = "; " + polls.get() + " polls, the longest round of one client " + longestRoundMillis.get()
                    + " ms, live tickets ended " + ended.values().stream().collect(Collectors.groupingBy(status -> status,
                    Collectors.counting())) + ", room " + api.adminGet("api/admin/sales/" + sale.id + "/room").body();
            assertTrue(stillWaiting > 0, "the queue ran dry within the measured seconds" + seen);
            assertTrue(Math.abs(measured - rate) <= rate * 0.1, "admitted " + (end - start) + " in " + seconds + " s: "
                    + measured + "/s against " + rate + "/s" + seen);
            assertTrue(live.size() - ended.size() > 0, "live tickets were left waiting all along" + seen);
            assertEquals(List.of(), ended.values().stream().filter(status -> !status.equals("ADMITTED")).toList(),
                    "live tickets end admitted" + seen);
        } finally {
            stop.set(true);
            threads.shutdown();
            threads.awaitTermination(30, TimeUnit.SECONDS);
        }
        for (Future<?> poller : polling) {
            poller.get();
        }
    }

    /**
     * Two units: two buyers admitted, the third told no unit is free while their holds are out;
     * the holds expire and admission resumes; once every unit is sold, waiting tickets answer
     * SOLD_OUT.
     */
    @Test
    void admissionFollowsTheUnits() {
        Sale sale = saleWithRoom(2, 2, Duration.ofSeconds(2), 20, 30, 3);
        List<String> tickets = new ArrayList<>();
        for (int i = 0; i < 4; i++) {
            tickets.add(take(sale, "units-" + i).json().getString("ticket"));
        }
        awaitOpening(sale);
        List<String> admitted = new ArrayList<>();
        List<String> waiting = new ArrayList<>();
        Instant until = Instant.now().plusSeconds(5);
        while (admitted.size() < 2 && Instant.now().isBefore(until)) {
            admitted.clear();
            waiting.clear();
            for (String ticket : tickets) {
                (poll(sale, ticket).getString("status").equals("ADMITTED") ? admitted : waiting).add(ticket);
            }
        }
        assertEquals(2, admitted.size(), "two units, two buyers admitted");
        for (String ticket : waiting) {
            assertEquals("NO_UNITS_FREE", poll(sale, ticket).getString("reason"));
        }
        List<String> holds = new ArrayList<>();
        for (String ticket : admitted) {
            JsonObject answer = poll(sale, ticket);
            Api.Answer reserved = reserve(sale, buyerOf(tickets, ticket), answer.getString("token"), "units-" + ticket);
            assertEquals(201, reserved.status(), reserved.toString());
            holds.add(reserved.json().getString("id"));
        }
        assertEquals(2, StockCounts.of(sale.sku).held());
        JsonObject held = poll(sale, waiting.get(0));
        assertEquals("WAITING", held.getString("status"));
        assertEquals("NO_UNITS_FREE", held.getString("reason"), "nothing available, holds out: admission pauses");

        // The holds run out (3 s); the sweeper gives the units back and admission resumes.
        JsonObject resumed = awaitStatus(sale, waiting.get(0), "ADMITTED");
        Api.Answer reserved = reserve(sale, buyerOf(tickets, waiting.get(0)), resumed.getString("token"), "units-last");
        assertEquals(201, reserved.status(), reserved.toString());
        assertEquals(200, api.confirm(reserved.json().getString("id")).status());
        String second = awaitStatus(sale, waiting.get(1), "ADMITTED").getString("token");
        Api.Answer last = reserve(sale, buyerOf(tickets, waiting.get(1)), second, "units-final");
        assertEquals(201, last.status(), last.toString());
        assertEquals(200, api.confirm(last.json().getString("id")).status());
        assertEquals(0, StockCounts.of(sale.sku).held());

        String late = take(sale, "after-the-end").json().getString("ticket");
        awaitStatus(sale, late, "SOLD_OUT");
    }

    /**
     * A room of one active buyer at a time: buyer A admitted and reserved, buyer B waits with
     * ROOM_FULL; A pays, and B's next poll is admitted. A's ticket says its checkout ended and
     * its token reserves no more.
     */
    @Test
    void aPaidCheckoutFreesThePlaceForTheNextBuyer() {
        OneAtATime room = oneAtATime(60);
        Api.Answer paid = api.confirm(room.reservationOfA());
        assertEquals(200, paid.status(), paid.toString());
        assertPlaceFreedAndNextAdmitted(room);
    }

    @Test
    void aCancelledCheckoutFreesThePlaceForTheNextBuyer() {
        OneAtATime room = oneAtATime(60);
        Api.Answer cancelled = api.cancel(room.reservationOfA());
        assertEquals(200, cancelled.status(), cancelled.toString());
        assertPlaceFreedAndNextAdmitted(room);
    }

    /** A's hold runs out and the sweeper expires it: the place is free before A's token runs out (60 s). */
    @Test
    void anExpiredHoldFreesThePlaceForTheNextBuyer() {
        OneAtATime room = oneAtATime(60);
        TestRedis.makeOverdue(room.sale().sku, room.keyOfA(), room.reservationOfA());
        Instant deadline = Instant.now().plusSeconds(15);
        while (activeOf(room.sale()) != 0) {
            assertTrue(Instant.now().isBefore(deadline), "the expired hold did not free its place within 15 s: "
                    + api.adminGet("api/admin/sales/" + room.sale().id + "/room").body());
            Pause.millis(200);
        }
        assertEquals("EXPIRED", Db.text("SELECT status FROM reservation WHERE id = ?::uuid", room.reservationOfA()));
        assertPlaceFreedAndNextAdmitted(room);
    }

    /**
     * Redis does not answer while A pays (paused past the application's timeout): the payment
     * stands, the failure is counted, and A's place is freed when A's token runs out (20 s: the
     * pause, the wait for the gate to be rebuilt and the checks before B's poll all come first).
     */
    @Test
    void aPaymentWhileRedisIsAwayStandsAndThePlaceIsFreedWhenTheTokenRunsOut() {
        OneAtATime room = oneAtATime(20);
        Metrics before = Metrics.read(api);
        try (Jedis redis = TestRedis.client()) {
            redis.clientPause(3000);
        }
        Api.Answer paid = api.confirm(room.reservationOfA());
        assertEquals(200, paid.status(), paid.toString());
        assertEquals("CONFIRMED", paid.json().getString("status"));
        Pause.millis(3100);
        TestRedis.awaitGateInUse(api);
        assertEquals(1, Metrics.read(api).since(before, "flashsale_room_places_not_freed_total"),
                "the place Redis could not free is counted");
        assertEquals(1, activeOf(room.sale()), "the place stays taken until the token runs out");
        JsonObject waiting = poll(room.sale(), room.ticketOfB());
        assertEquals("WAITING", waiting.getString("status"), waiting.toString());
        assertEquals("ROOM_FULL", waiting.getString("reason"), waiting.toString());

        // A's token has up to 20 s left: B is admitted once it runs out.
        awaitPoll(room.sale(), room.ticketOfB(), answer -> answer.getString("status").equals("ADMITTED"), "ADMITTED",
                Duration.ofSeconds(35));
        assertEquals("EXPIRED", poll(room.sale(), room.ticketOfA()).getString("status"), "A's token ran out");
        assertEquals("CONFIRMED", Db.text("SELECT status FROM reservation WHERE id = ?::uuid", room.reservationOfA()));
    }

    /** A sale whose room lets one buyer be active at a time, A admitted and holding a unit, B waiting behind. */
    private OneAtATime oneAtATime(int tokenSeconds) {
        Sale sale = saleWithRoom(10, 1, Duration.ofSeconds(2), 20, 30, 600, 1, tokenSeconds);
        awaitOpening(sale);
        String ticketA = take(sale, "first").json().getString("ticket");
        String tokenA = awaitStatus(sale, ticketA, "ADMITTED").getString("token");
        String ticketB = take(sale, "second").json().getString("ticket");
        String keyA = "one-at-a-time-" + ticketA;
        Api.Answer reserved = reserve(sale, "first", tokenA, keyA);
        assertEquals(201, reserved.status(), reserved.toString());
        assertEquals(1, activeOf(sale), "A is the one active buyer");
        JsonObject waiting = poll(sale, ticketB);
        assertEquals("WAITING", waiting.getString("status"), waiting.toString());
        assertEquals("ROOM_FULL", waiting.getString("reason"), waiting.toString());
        return new OneAtATime(sale, ticketA, tokenA, keyA, reserved.json().getString("id"), ticketB);
    }

    /** A's ticket, token, reservation (and its key) and B's ticket, in a room of one active buyer. */
    private record OneAtATime(Sale sale, String ticketOfA, String tokenOfA, String keyOfA, String reservationOfA,
                              String ticketOfB) {
    }

    /** Right after A's checkout ended: no active buyer, B admitted on its next poll, A done with the room. */
    private void assertPlaceFreedAndNextAdmitted(OneAtATime room) {
        Sale sale = room.sale();
        assertEquals(0, activeOf(sale), "A's place is free: " + api.adminGet("api/admin/sales/" + sale.id + "/room").body());
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

    /**
     * A crowd's tickets and polls share Redis calls (lua/room_batch.lua), and each request still
     * gets its own answer: 16 clients take 48 tickets and poll them 1,200 times while the room
     * admits, every admitted answer's token (checked with the nodes' key) names the ticket polled
     * and its own buyer, and a waiting ticket's place never goes back. Carried one call each (a
     * Redis call per request), the count of calls would equal the requests, and the test fails.
     */
    @Test
    void aCrowdsTicketsAndPollsShareRedisCallsAndEachGetsItsOwnAnswer() throws Exception {
        Sale sale = saleWithRoom(1_000, 1, Duration.ZERO, 8, 60);
        AdmissionTokens nodesKey = AdmissionTokens.withKey(Api.ROOM_TOKEN_KEY);
        // The first ticket's poll draws the (empty) lottery; the crowd's polls then each go once.
        assertEquals(201, take(sale, "crowd-opener").status());
        Metrics before = Metrics.read(api);
        int clients = 16;
        int buyersEach = 3;
        int pollsEach = 75;
        ExecutorService pool = Executors.newFixedThreadPool(clients);
        List<Future<Integer>> admittedSeen = new ArrayList<>();
        for (int c = 0; c < clients; c++) {
            int client = c;
            admittedSeen.add(pool.submit(() -> {
                List<String> tickets = new ArrayList<>();
                for (int b = 0; b < buyersEach; b++) {
                    Api.Answer taken = take(sale, "crowd-" + client + "-" + b);
                    assertEquals(201, taken.status(), taken.toString());
                    tickets.add(taken.json().getString("ticket"));
                }
                Map<String, Long> lastPlace = new HashMap<>();
                int admitted = 0;
                for (int p = 0; p < pollsEach; p++) {
                    int b = p % buyersEach;
                    String ticket = tickets.get(b);
                    JsonObject answer = poll(sale, ticket);
                    assertEquals(ticket, answer.getString("ticket"), answer.toString());
                    if (answer.getString("status").equals("ADMITTED")) {
                        AdmissionClaims claims = nodesKey.verify(answer.getString("token")).orElseThrow(() ->
                                new AssertionError("a token the nodes' key does not verify: " + answer));
                        assertEquals(ticket, claims.ticket(), answer.toString());
                        assertEquals("crowd-" + client + "-" + b, claims.buyerId(), "another buyer's token: " + answer);
                        assertEquals(sale.id(), claims.saleId());
                        admitted++;
                    } else {
                        assertEquals("WAITING", answer.getString("status"), answer.toString());
                        long place = answer.getJsonNumber("position").longValue();
                        Long earlier = lastPlace.put(ticket, place);
                        assertTrue(earlier == null || place <= earlier, ticket + " went back from " + earlier + " to " + place);
                    }
                }
                return admitted;
            }));
        }
        int admitted = 0;
        for (Future<Integer> client : admittedSeen) {
            admitted += client.get(120, TimeUnit.SECONDS);
        }
        pool.shutdown();
        Metrics after = Metrics.read(api);
        double calls = after.since(before, "flashsale_room_batch_size_count");
        double carried = after.since(before, "flashsale_room_batch_size_sum");
        System.out.printf("crowd: %d tickets and %d polls in %.0f Redis calls (%.1f a call), %d admitted answers%n",
                clients * buyersEach, clients * pollsEach, calls, carried / calls, admitted);
        assertEquals(clients * (buyersEach + pollsEach), carried, 0.0, "every ticket taken and every poll carried once");
        assertTrue(calls <= carried * 0.8, calls + " Redis calls for " + carried + " requests: the crowd's requests went one by one");
        assertTrue(admitted > 0, "some polls answered ADMITTED");
    }

    // --- the sale, the room and the calls ---

    private record Sale(java.util.UUID id, String sku, Instant opensAt) {
    }

    private Sale saleWithRoom(int units, int maxPerOrder, Duration untilOpening, int rate, int missedPollSeconds) {
        return saleWithRoom(units, maxPerOrder, untilOpening, rate, missedPollSeconds, 600);
    }

    private Sale saleWithRoom(int units, int maxPerOrder, Duration untilOpening, int rate, int missedPollSeconds, int holdSeconds) {
        return saleWithRoom(units, maxPerOrder, untilOpening, rate, missedPollSeconds, holdSeconds, 10_000, 60);
    }

    private Sale saleWithRoom(int units, int maxPerOrder, Duration untilOpening, int rate, int missedPollSeconds, int holdSeconds,
                              int maxActive, int tokenSeconds) {
        String sku = Sales.uniqueSku("room");
        Instant opensAt = Instant.now().plus(untilOpening);
        java.util.UUID id = RoomSales.open(api, sku, units, maxPerOrder, holdSeconds, opensAt,
                new RoomSales.Room(rate, maxActive, tokenSeconds, missedPollSeconds));
        return new Sale(id, sku, opensAt);
    }

    private Api.Answer take(Sale sale, String buyer) {
        return RoomSales.take(api, sale.id, buyer);
    }

    private JsonObject poll(Sale sale, String ticket) {
        return RoomSales.poll(api, sale.id, ticket);
    }

    private JsonObject awaitStatus(Sale sale, String ticket, String status) {
        return awaitPoll(sale, ticket, answer -> answer.getString("status").equals(status), status);
    }

    private JsonObject awaitPoll(Sale sale, String ticket, Predicate<JsonObject> until, String what) {
        return awaitPoll(sale, ticket, until, what, Duration.ofSeconds(15));
    }

    private JsonObject awaitPoll(Sale sale, String ticket, Predicate<JsonObject> until, String what, Duration patience) {
        Instant deadline = Instant.now().plus(patience);
        JsonObject answer = poll(sale, ticket);
        while (!until.test(answer)) {
            if (Instant.now().isAfter(deadline)) {
                throw new AssertionError("ticket " + ticket + " never " + what + ": " + answer);
            }
            Pause.millis(200);
            answer = poll(sale, ticket);
        }
        return answer;
    }

    private static void awaitOpening(Sale sale) {
        long wait = Duration.between(Instant.now(), sale.opensAt).toMillis() + 50;
        if (wait > 0) {
            Pause.millis(wait);
        }
    }

    private long activeOf(Sale sale) {
        return api.adminGet("api/admin/sales/" + sale.id + "/room").json().getJsonNumber("active").longValue();
    }

    private long admittedOf(Sale sale) {
        return api.adminGet("api/admin/sales/" + sale.id + "/room").json().getJsonNumber("admitted").longValue();
    }

    private Api.Answer reserve(Sale sale, String buyer, String token, String key) {
        List<String> headers = new ArrayList<>(List.of("Idempotency-Key", key));
        if (token != null) {
            headers.addAll(List.of(TOKEN_HEADER, token));
        }
        return api.post("api/reservations", Api.reserveBody(sale.sku, buyer, 1), headers.toArray(String[]::new));
    }

    private void assertRefused(Sale sale, String buyer, String token, String problem) {
        Api.Answer answer = reserve(sale, buyer, token, "refused-" + problem + "-" + buyer + "-" + System.nanoTime());
        assertEquals(403, answer.status(), answer.toString());
        assertTrue(answer.isProblem(), answer.toString());
        assertEquals(problem, answer.problemType(), answer.toString());
    }

    private static String buyerOf(List<String> tickets, String ticket) {
        return "units-" + tickets.indexOf(ticket);
    }

    private static List<String> strings(JsonObject record, String name) {
        return record.getJsonArray(name).getValuesAs(JsonString.class).stream().map(JsonString::getString).toList();
    }

    /** The lottery as docs/api.md says anyone recomputes it: ascending HMAC-SHA256(seed, ticket) in hex. */
    private static List<String> recomputed(byte[] seed, List<String> tickets) throws Exception {
        Mac mac = Mac.getInstance("HmacSHA256");
        mac.init(new SecretKeySpec(seed, "HmacSHA256"));
        record Ranked(String ticket, String rank) {
        }
        List<Ranked> ranked = new ArrayList<>();
        for (String ticket : tickets) {
            ranked.add(new Ranked(ticket, HexFormat.of().formatHex(mac.doFinal(ticket.getBytes(StandardCharsets.UTF_8)))));
        }
        ranked.sort(Comparator.comparing(Ranked::rank));
        return ranked.stream().map(Ranked::ticket).toList();
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
