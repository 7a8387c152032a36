package dev.flashsale.room;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.awaitility.Awaitility.await;

import dev.flashsale.platform.id.BuyerId;
import dev.flashsale.platform.id.SaleId;
import dev.flashsale.room.control.AdmissionTokens;
import dev.flashsale.room.control.RoomKeys;
import dev.flashsale.room.entity.AdmissionClaims;
import dev.flashsale.testsupport.Api;
import dev.flashsale.testsupport.Db;
import dev.flashsale.testsupport.Metrics;
import dev.flashsale.testsupport.Pause;
import dev.flashsale.testsupport.RoomSales;
import dev.flashsale.testsupport.Sales;
import dev.flashsale.testsupport.SecondNodeStartsBeside;
import dev.flashsale.testsupport.StockCounts;
import dev.flashsale.testsupport.TestRedis;
import dev.flashsale.testsupport.TestServer;
import jakarta.json.JsonObject;
import jakarta.json.JsonString;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
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
import java.util.UUID;
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
import org.junit.jupiter.api.parallel.Isolated;
import redis.clients.jedis.Jedis;

/**
 * The waiting room through the HTTP API, on the real Redis and PostgreSQL: tickets, the lottery
 * at the opening second (recomputed here from its downloaded record, its seed checked against
 * the hash published before), admission in order and never faster than the room's rate while
 * abandoned tickets lapse, the admission token on the reserve path (every bad kind refused with
 * 403 and nothing claimed), admission tied to the sale's units, and a checkout's end (payment,
 * cancel, expiry) freeing its buyer's place for the next. Each test has a sale of its own, whose
 * room opens when the test says ({@link RoomSales#openNow}) and whose own figures it reads.
 */
@Tag("room")
@Isolated("the room gauges add up every room; pauses Redis")
@SecondNodeStartsBeside("a second node shares the rooms in Redis and their records in PostgreSQL, which only rise; "
        + "its timers admit at the room's one rate, its sweeper expires what the tests' own would")
class WaitingRoomIT {

    private static final String TOKEN_HEADER = "X-Admission-Token";

    private final Api api = new Api(TestServer.url());

    /**
     * The room's own figures, read per sale, follow its tickets: three in the pre-queue, then
     * three admitted, one of them reserving; and the gauges of /metrics are these figures added
     * up over every room on (read until they agree: the gauges read Redis at most once a second).
     */
    @Test
    void theRoomsFiguresFollowItsTicketsAndTheGaugesAddThemUp() {
        Sale sale = saleWithRoom(3, 1, 100, 30);
        List<String> tickets = new ArrayList<>();
        for (int i = 0; i < 3; i++) {
            tickets.add(take(sale, "metered-" + i).json().getString("ticket"));
        }
        assertEquals(200, take(sale, "metered-0").status(), "the buyer's own ticket again");
        JsonObject before = RoomSales.view(api, sale.id);
        assertEquals(3, before.getInt("preQueue"), "three tickets in the pre-queue: " + before);
        assertEquals(0, before.getInt("waiting"), before.toString());
        assertEquals(0, before.getInt("admitted"), before.toString());

        openNow(sale);
        String token = null;
        for (String ticket : tickets) {
            token = awaitStatus(sale, ticket, "ADMITTED").getString("token");
        }
        assertEquals(201, reserve(sale, "metered-2", token, "metered-" + sale.id).status());
        JsonObject after = RoomSales.view(api, sale.id);
        assertEquals(0, after.getInt("preQueue"), "nobody waits any more: " + after);
        assertEquals(0, after.getInt("waiting"), after.toString());
        assertEquals(3, after.getInt("admitted"), after.toString());
        assertEquals(2, after.getInt("admittedNotReserved"), "one of the three admitted has reserved: " + after);
        assertEquals(3, after.getInt("active"), "three live tokens: " + after);

        await("the rooms' gauges equal the sums of the rooms' own figures").atMost(RoomSales.PATIENCE)
                .pollInterval(Duration.ofMillis(500)).untilAsserted(this::assertGaugesAddUpTheRooms);
    }

    /** Each gauge of the rooms against the same figure read from every room on, one by one, and added up. */
    private void assertGaugesAddUpTheRooms() {
        Metrics gauges = Metrics.read(api);
        List<String> rooms = Db.texts("SELECT DISTINCT r.sale_id::text FROM sale_room r JOIN sku_item i ON i.sale_id = r.sale_id"
                + " WHERE r.enabled");
        long waiting = 0;
        long admitted = 0;
        long notReserved = 0;
        long active = 0;
        for (String room : rooms) {
            JsonObject view = RoomSales.view(api, UUID.fromString(room));
            waiting += view.getJsonNumber("waiting").longValue() + view.getJsonNumber("preQueue").longValue();
            admitted += view.getJsonNumber("admitted").longValue();
            notReserved += view.getJsonNumber("admittedNotReserved").longValue();
            active += view.getJsonNumber("active").longValue();
        }
        assertEquals(rooms.size(), gauges.value("flashsale_room_rooms"), "rooms on");
        assertEquals(waiting, gauges.value("flashsale_room_waiting"), "waiting");
        assertEquals(admitted, gauges.value("flashsale_room_admitted"), "admitted");
        assertEquals(notReserved, gauges.value("flashsale_room_admitted_not_reserved"), "admitted, not reserved");
        assertEquals(active, gauges.value("flashsale_room_active"), "active");
    }

    /**
     * The count of admissions is recorded in PostgreSQL, and a Redis that lost the room (its keys
     * gone, as after a restart with nothing saved) takes it back: the next buyer admitted is the
     * fourth, not the first.
     */
    @Test
    void theCountOfAdmissionsOutlivesARedisThatLostTheRoom() {
        Sale sale = saleWithRoom(5, 1, 100, 30);
        List<String> tickets = new ArrayList<>();
        for (int i = 0; i < 3; i++) {
            tickets.add(take(sale, "remembered-" + i).json().getString("ticket"));
        }
        openNow(sale);
        tickets.forEach(ticket -> awaitStatus(sale, ticket, "ADMITTED"));
        await("the three admissions recorded in PostgreSQL (flashsale.room.admissions-record-ms)").atMost(RoomSales.PATIENCE)
                .pollInterval(Duration.ofMillis(200))
                .until(() -> Db.scalar("SELECT admitted_total FROM sale_room WHERE sale_id = ?::uuid", sale.id.toString()) == 3);

        try (Jedis redis = TestRedis.client()) {
            RoomKeys.all(new SaleId(sale.id)).forEach(redis::del);
        }
        Api.Answer again = take(sale, "remembered-after");
        assertEquals(201, again.status(), "Redis lost the tickets: a new one");
        awaitStatus(sale, again.json().getString("ticket"), "ADMITTED");
        assertEquals(4, admittedOf(sale), "the count taken back from PostgreSQL, and the new admission on top");
        JsonObject figures = roomReport(sale);
        assertEquals(4, figures.getInt("admitted"), figures.toString());
        assertEquals(3, figures.getInt("tickets"), "Redis' count of tickets started again; the report keeps the recorded 3, a lower bound: "
                + figures);
        assertTrue(figures.getInt("waitP50Seconds") >= 0 && figures.getInt("waitP99Seconds") >= figures.getInt("waitP50Seconds"),
                "four waits counted, the three recorded taken back: " + figures);
    }

    @Test
    void oneTicketPerBuyerAndLaterTicketsQueueInArrivalOrder() {
        Sale sale = saleWithRoom(100, 1, 1, 10);
        Api.Answer first = take(sale, "buyer-1");
        assertEquals(201, first.status(), first.toString());
        assertTrue(first.location().endsWith("/queue/" + first.json().getString("ticket")), first.location());
        Api.Answer again = take(sale, "buyer-1");
        assertEquals(200, again.status(), again.toString());
        assertEquals(first.json().getString("ticket"), again.json().getString("ticket"));
        assertEquals("LOTTERY_PENDING", again.json().getString("reason"));
        assertEquals("WAITING", again.json().getString("status"));

        // Paused, so that no admission moves the places while the later tickets are taken.
        assertEquals(200, api.adminPostEmpty("api/admin/sales/" + sale.id + "/room/pause").status());
        openNow(sale);
        assertEquals(1, poll(sale, first.json().getString("ticket")).getJsonNumber("position").longValue(), "the lottery's only ticket");
        List<Long> positions = new ArrayList<>();
        for (int i = 0; i < 5; i++) {
            positions.add(take(sale, "late-" + i).json().getJsonNumber("position").longValue());
        }
        assertEquals(List.of(2L, 3L, 4L, 5L, 6L), positions, "positions after opening, in arrival order");
        assertEquals(take(sale, "late-0").json().getString("ticket"), take(sale, "late-0").json().getString("ticket"));

        String queue = "api/sales/" + sale.id + "/queue";
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
        Sale sale = saleWithRoom(100, 1, 1, 30);
        JsonObject before = api.get("api/sales/" + sale.id + "/queue").json();
        String publishedHash = before.getString("seedHash");
        assertFalse(before.containsKey("seed") && !before.isNull("seed"), "the seed stays secret before the draw: " + before);
        assertEquals(409, api.get("api/sales/" + sale.id + "/queue/lottery").status());
        List<String> tickets = new ArrayList<>();
        for (int i = 0; i < 12; i++) {
            tickets.add(take(sale, "pre-" + i).json().getString("ticket"));
        }
        assertEquals(200, api.adminPostEmpty("api/admin/sales/" + sale.id + "/room/pause").status());

        openNow(sale);
        poll(sale, tickets.get(0));
        Api.Answer download = api.get("api/sales/" + sale.id + "/queue/lottery");
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
            JsonObject answer = poll(sale, ticketOf.get(order.get(place)));
            assertEquals(place + 1, answer.getJsonNumber("position").longValue(), answer.toString());
            assertEquals("PAUSED", answer.getString("reason"));
        }
        JsonObject after = api.get("api/sales/" + sale.id + "/queue").json();
        assertEquals(record.getString("seed"), after.getString("seed"));
        assertEquals(publishedHash, api.adminGet("api/admin/sales/" + sale.id + "/room").json().getString("seedHash"));
    }

    @Test
    void aValidTokenReservesAndEveryBadKindIsRefusedWithNothingClaimed() {
        Sale sale = saleWithRoom(50, 50, 50, 10);
        Sale other = saleWithRoom(50, 50, 50, 10);
        String ticketA = take(sale, "buyer-a").json().getString("ticket");
        String ticketB = take(sale, "buyer-b").json().getString("ticket");
        String ticketC = take(sale, "buyer-c").json().getString("ticket");
        String ticketOther = take(other, "buyer-a").json().getString("ticket");
        openNow(sale);
        openNow(other);
        String tokenA = awaitStatus(sale, ticketA, "ADMITTED").getString("token");
        String tokenC = awaitStatus(sale, ticketC, "ADMITTED").getString("token");
        awaitStatus(sale, ticketB, "ADMITTED");
        String otherSaleToken = awaitStatus(other, ticketOther, "ADMITTED").getString("token");
        AdmissionTokens signer = AdmissionTokens.withKey(Api.ROOM_TOKEN_KEY);
        AdmissionClaims claimsA = signer.verify(tokenA).orElseThrow();
        String expired = signer.sign(new AdmissionClaims(new SaleId(sale.id), ticketA, System.currentTimeMillis() - 1000,
                new BuyerId("buyer-a")));
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

    /**
     * A ticket polled keeps its place while one that misses its polls (5 s) loses it, and one
     * that leaves is gone at once: the room, paused, is polled by the live ticket until only it
     * is left in the queue. The sale's report counts each: four tickets, one left, one revoked,
     * one expired, none admitted. (Five seconds, not the least of three: the live ticket's polls
     * wait for four admin calls, on a machine that may be starting the second node.)
     */
    @Test
    void ticketsThatMissTheirPollsExpireAndLeavingFreesThePlace() {
        Sale sale = saleWithRoom(100, 1, 1, 5);
        String silent = take(sale, "silent").json().getString("ticket");
        String leaving = take(sale, "leaving").json().getString("ticket");
        String live = take(sale, "live").json().getString("ticket");
        String revoked = take(sale, "revoked").json().getString("ticket");
        assertEquals(200, api.adminPostEmpty("api/admin/sales/" + sale.id + "/room/pause").status());
        openNow(sale);
        poll(sale, live);
        assertEquals(204, api.delete("api/sales/" + sale.id + "/queue/" + leaving).status());
        assertEquals("LEFT", poll(sale, leaving).getString("status"));
        assertEquals(204, api.adminPostEmpty("api/admin/sales/" + sale.id + "/room/tickets/" + revoked + "/revoke").status());
        assertEquals(204, api.delete("api/sales/" + sale.id + "/queue/" + revoked).status(), "gone already: nothing to count twice");
        // Each of the live ticket's polls runs the room's housekeeping, which drops the silent one once it missed 5 s.
        await("the silent ticket loses its place").atMost(RoomSales.PATIENCE).pollInterval(Duration.ofMillis(500)).until(() -> {
            JsonObject answer = poll(sale, live);
            assertEquals("WAITING", answer.getString("status"), "the live ticket keeps its place: " + answer);
            return RoomSales.figure(api, sale.id, "waiting") == 1;
        });
        assertEquals("EXPIRED", poll(sale, silent).getString("status"));
        JsonObject answer = poll(sale, live);
        assertEquals("WAITING", answer.getString("status"), answer.toString());
        assertEquals(1, answer.getJsonNumber("position").longValue(), "the only live ticket is first: " + answer);
        assertEquals(404, api.get("api/sales/" + sale.id + "/queue/t_AAAAAAAAAAAAAAAAAAAAAA").status());
        assertEquals(404, api.delete("api/sales/" + sale.id + "/queue/nonsense").status());
        JsonObject figures = roomReport(sale);
        assertEquals(List.of(4, 0, 1, 1, 1), List.of(figures.getInt("tickets"), figures.getInt("admitted"), figures.getInt("left"),
                figures.getInt("revoked"), figures.getInt("expired")), figures.toString());
        assertFalse(figures.containsKey("waitP50Seconds"), "nobody admitted, no wait: " + figures);
        assertTrue(figures.getBoolean("live"), figures.toString());
    }

    /** The room's part of the sale's report. */
    private JsonObject roomReport(Sale sale) {
        Api.Answer report = api.adminGet("api/admin/sales/" + sale.id + "/report");
        assertEquals(200, report.status(), report.toString());
        return report.json().getJsonObject("room");
    }

    /**
     * 40 tickets taken before the opening, half of them abandoned (never polled after it), the
     * rest polled round and round by four clients. The room opens paused, so that the abandoned
     * tickets lapse (3 s of missed polls) before anyone is admitted; resumed, it admits the 20
     * live tickets in the lottery's order, never faster than its rate (4 a second, one second's
     * worth at once), so that no reading of its count of admissions exceeds 4 + 4 a second since
     * the resume, on any machine; no abandoned ticket is admitted and no live one loses its
     * place or goes back in the queue.
     */
    @Test
    void admissionKeepsItsRateAndOrderWithHalfOfTheTicketsAbandoned() throws Exception {
        int rate = 4;
        int pollers = 4;
        Sale sale = saleWithRoom(1000, 1, rate, 3);
        List<String> live = new ArrayList<>();
        List<String> abandoned = new ArrayList<>();
        for (int i = 0; i < 40; i++) {
            (i % 2 == 0 ? live : abandoned).add(take(sale, "crowd-" + i).json().getString("ticket"));
        }
        assertEquals(200, api.adminPostEmpty("api/admin/sales/" + sale.id + "/room/pause").status());

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
                            JsonObject answer = poll(sale, ticket);
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
                    // A buyer's page polls every moment or so: well within the 3 s a live ticket may miss.
                    Pause.millis(200);
                }
                return null;
            }));
        }
        try {
            openNow(sale);
            await("the abandoned tickets lapse and the live ones stay").atMost(RoomSales.PATIENCE).pollInterval(Duration.ofMillis(200))
                    .until(() -> RoomSales.view(api, sale.id), room -> room.getInt("preQueue") == 0 && room.getInt("waiting") == live.size());
            assertEquals(0, admittedOf(sale), "paused: nobody admitted yet");

            long resumedAt = System.nanoTime();
            assertEquals(200, api.adminPostEmpty("api/admin/sales/" + sale.id + "/room/resume").status());
            List<String> tooFast = new ArrayList<>();
            await("every live ticket admitted").atMost(RoomSales.PATIENCE).pollInterval(Duration.ofMillis(100)).until(() -> {
                long admitted = admittedOf(sale);
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
        assertEquals(live.size(), admittedOf(sale), "the live tickets, and none of the abandoned ones, admitted");
        for (String ticket : abandoned) {
            assertEquals("EXPIRED", poll(sale, ticket).getString("status"), ticket);
        }
        // One admission's tokens all run out at once, so their expiries follow the order of admission.
        Map<String, String> ticketOf = live.stream().collect(Collectors.toMap(RoomSales::commitment, ticket -> ticket));
        List<String> order = strings(api.get("api/sales/" + sale.id + "/queue/lottery").json(), "order").stream()
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
        Sale sale = saleWithRoom(2, 2, 20, 30);
        List<String> tickets = new ArrayList<>();
        for (int i = 0; i < 4; i++) {
            tickets.add(take(sale, "units-" + i).json().getString("ticket"));
        }
        openNow(sale);
        Map<String, JsonObject> answers = await("two buyers admitted").atMost(RoomSales.PATIENCE).pollInterval(Duration.ofMillis(100))
                .until(() -> pollAll(sale, tickets), polled -> polled.values().stream().filter(a -> a.getString("status").equals("ADMITTED")).count() >= 2);
        List<String> admitted = tickets.stream().filter(t -> answers.get(t).getString("status").equals("ADMITTED")).toList();
        List<String> waiting = tickets.stream().filter(t -> !admitted.contains(t)).toList();
        assertEquals(2, admitted.size(), "two units, two buyers admitted: " + answers);
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

        // The holds run out; a sweep gives the units back and admission resumes.
        for (int i = 0; i < holds.size(); i++) {
            TestRedis.makeOverdue(sale.sku, "units-" + admitted.get(i), holds.get(i));
        }
        sweep();
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

    /** A's hold is made overdue and swept: the place is free before A's token runs out (60 s), and B admitted. */
    @Test
    void anExpiredHoldFreesThePlaceForTheNextBuyer() {
        OneAtATime room = oneAtATime(60);
        TestRedis.makeOverdue(room.sale().sku, room.keyOfA(), room.reservationOfA());
        sweep();
        // The sweep of the timer may have taken the hold first and be committing it still.
        await("the expired hold frees its place").atMost(RoomSales.PATIENCE).pollInterval(Duration.ofMillis(100))
                .until(() -> !isActive(room.sale(), room.ticketOfA()));
        assertEquals("EXPIRED", Db.text("SELECT status FROM reservation WHERE id = ?::uuid", room.reservationOfA()));
        assertPlaceFreedAndNextAdmitted(room);
    }

    /**
     * Redis does not answer while A pays (paused past the application's timeout): the payment
     * stands, the failure is logged (naming the checkout and the sale) and counted, and A's place
     * is freed only when A's token runs out (15 s): B, polled while it is live, waits with
     * ROOM_FULL, and is admitted no sooner than A's token ran out. (The second node may be starting
     * beside this class: the token leaves B's poll ten seconds past Redis' pause.)
     */
    @Test
    void aPaymentWhileRedisIsAwayStandsAndThePlaceIsFreedWhenTheTokenRunsOut() {
        int tokenSeconds = 15;
        OneAtATime room = oneAtATime(tokenSeconds);
        try (Jedis redis = TestRedis.client()) {
            redis.clientPause(3000);
        }
        Api.Answer paid = api.confirm(room.reservationOfA());
        assertEquals(200, paid.status(), paid.toString());
        assertEquals("CONFIRMED", paid.json().getString("status"));
        String notFreed = "The room place of checkout " + room.keyOfA() + " of sale " + room.sale().id + " not freed";
        await("the server logs the place it could not free").atMost(RoomSales.PATIENCE).pollInterval(Duration.ofMillis(200))
                .until(() -> Files.readString(TestServer.logFile(), StandardCharsets.ISO_8859_1).contains(notFreed));
        assertTrue(Metrics.read(api).value("flashsale_room_places_not_freed_total") >= 1, "the place not freed is counted");

        await("Redis answers again").atMost(RoomSales.PATIENCE).pollInterval(Duration.ofMillis(200))
                .until(() -> api.adminGet("api/admin/sales/" + room.sale().id + "/room").status() == 200);
        long active = activeOf(room.sale());
        JsonObject waiting = poll(room.sale(), room.ticketOfB());
        assertTrue(Instant.now().isBefore(room.tokenOfAExpiresAt()), "B polled while A's token is live (15 s, Redis away 3): a machine"
                + " far slower than any seen here");
        assertEquals(1, active, "the place stays taken until the token runs out");
        assertEquals("WAITING", waiting.getString("status"), waiting.toString());
        assertEquals("ROOM_FULL", waiting.getString("reason"), waiting.toString());

        JsonObject admitted = awaitStatus(room.sale(), room.ticketOfB(), "ADMITTED");
        Instant admittedAt = Instant.parse(admitted.getString("tokenExpiresAt")).minusSeconds(tokenSeconds);
        assertFalse(admittedAt.isBefore(room.tokenOfAExpiresAt()), "B admitted at " + admittedAt + ", A's token ran out at "
                + room.tokenOfAExpiresAt());
        assertEquals("EXPIRED", poll(room.sale(), room.ticketOfA()).getString("status"), "A's token ran out");
        assertEquals("CONFIRMED", Db.text("SELECT status FROM reservation WHERE id = ?::uuid", room.reservationOfA()));
        TestRedis.awaitGateInUse(api);
    }

    /** A sale whose room lets one buyer be active at a time, A admitted and holding a unit, B waiting behind. */
    private OneAtATime oneAtATime(int tokenSeconds) {
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
    private record OneAtATime(Sale sale, String ticketOfA, String tokenOfA, Instant tokenOfAExpiresAt, String keyOfA,
                              String reservationOfA, String ticketOfB) {
    }

    /**
     * Right after A's checkout ended: A is no longer active, B admitted on its next poll (or at once,
     * when A's units came back and the room stepped), A done with the room.
     */
    private void assertPlaceFreedAndNextAdmitted(OneAtATime room) {
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
        Sale sale = saleWithRoom(1_000, 1, 50, 60);
        openNow(sale);
        AdmissionTokens nodesKey = AdmissionTokens.withKey(Api.ROOM_TOKEN_KEY);
        // The first ticket's poll draws the (empty) lottery; the crowd's tickets then queue in arrival order.
        assertEquals(201, take(sale, "crowd-opener").status());
        int clients = 8;
        int buyersEach = 3;
        ExecutorService pool = Executors.newFixedThreadPool(clients);
        List<Future<Integer>> pollsOfClients = new ArrayList<>();
        for (int c = 0; c < clients; c++) {
            int client = c;
            pollsOfClients.add(pool.submit(() -> {
                List<String> tickets = new ArrayList<>();
                for (int b = 0; b < buyersEach; b++) {
                    Api.Answer taken = take(sale, "crowd-" + client + "-" + b);
                    assertEquals(201, taken.status(), taken.toString());
                    tickets.add(taken.json().getString("ticket"));
                }
                Map<String, Long> lastPlace = new HashMap<>();
                Set<String> admitted = new HashSet<>();
                int polls = 0;
                for (int p = 0; admitted.size() < buyersEach; p++) {
                    int b = p % buyersEach;
                    String ticket = tickets.get(b);
                    JsonObject answer = poll(sale, ticket);
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
        assertEquals(1 + clients * buyersEach, admittedOf(sale), "the opener and every buyer of the crowd admitted once");
    }

    // --- the sale, the room and the calls ---

    private record Sale(UUID id, String sku) {
    }

    /** A sale with its room on, opening only when the test calls {@link #openNow}. */
    private Sale saleWithRoom(int units, int maxPerOrder, int rate, int missedPollSeconds) {
        return saleWithRoom(units, maxPerOrder, rate, missedPollSeconds, 10_000, 60);
    }

    private Sale saleWithRoom(int units, int maxPerOrder, int rate, int missedPollSeconds, int maxActive, int tokenSeconds) {
        String sku = Sales.uniqueSku("room");
        UUID id = RoomSales.open(api, sku, units, maxPerOrder, 600, Instant.now().plus(RoomSales.LATER),
                new RoomSales.Room(rate, maxActive, tokenSeconds, missedPollSeconds));
        return new Sale(id, sku);
    }

    private void openNow(Sale sale) {
        RoomSales.openNow(api, sale.id);
    }

    private Api.Answer take(Sale sale, String buyer) {
        return RoomSales.take(api, sale.id, buyer);
    }

    private JsonObject poll(Sale sale, String ticket) {
        return RoomSales.poll(api, sale.id, ticket);
    }

    private Map<String, JsonObject> pollAll(Sale sale, List<String> tickets) {
        Map<String, JsonObject> answers = new HashMap<>();
        tickets.forEach(ticket -> answers.put(ticket, poll(sale, ticket)));
        return answers;
    }

    private JsonObject awaitStatus(Sale sale, String ticket, String status) {
        return RoomSales.awaitStatus(api, sale.id, ticket, status);
    }

    private void sweep() {
        Api.Answer swept = api.postEmpty("api/test/holds/sweep", "X-Requested-By", "flashsale-tests");
        assertEquals(200, swept.status(), swept.toString());
    }

    private static boolean isActive(Sale sale, String ticket) {
        try (Jedis redis = TestRedis.client()) {
            return redis.zscore("fs:{sale:" + sale.id + "}:active", ticket) != null;
        }
    }

    private long activeOf(Sale sale) {
        return RoomSales.figure(api, sale.id, "active");
    }

    private long admittedOf(Sale sale) {
        return RoomSales.figure(api, sale.id, "admitted");
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
