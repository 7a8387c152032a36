package dev.flashsale.room;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.flashsale.platform.id.SaleId;
import dev.flashsale.room.RoomBuyers.OneAtATime;
import dev.flashsale.room.RoomBuyers.Sale;
import dev.flashsale.room.control.RoomKeys;
import dev.flashsale.testsupport.Api;
import dev.flashsale.testsupport.Db;
import dev.flashsale.testsupport.Metrics;
import dev.flashsale.testsupport.NodeStartsBeside;
import dev.flashsale.testsupport.NodeStartsBeside.Node;
import dev.flashsale.testsupport.RoomSales;
import dev.flashsale.testsupport.TestRedis;
import dev.flashsale.testsupport.TestServer;
import jakarta.json.JsonObject;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.parallel.Isolated;
import redis.clients.jedis.Jedis;

/**
 * The waiting room's tests that need the server to themselves ({@link WaitingRoomIT} has the
 * rest, beside other classes): the gauges of /metrics add up every room, a crowd of tickets and a
 * payment while Redis is paused.
 */
@Tag("room")
@Isolated("the room gauges add up every room; pauses Redis")
@NodeStartsBeside(value = Node.SECOND, why = "a second node shares the rooms in Redis and their records in PostgreSQL, which only rise; "
        + "its timers admit at the room's one rate, its sweeper expires what the tests' own would")
class WaitingRoomAloneIT {

    /** Buyers taking tickets at once while Redis is paused: twice the tests' server's HTTP threads (Payara Micro's 200). */
    private static final int CROWD = 400;
    private static final int PAUSE_MS = 2_000;
    private static final int RELOADS_AT_MOST = 10;
    /** Under the server's Redis timeout (250 ms), so that the crowd queues behind the first call and none fails. */
    private static final int LOSS_PAUSE_MS = 150;

    private final Api api = new Api(TestServer.url());
    private final RoomBuyers buyers = new RoomBuyers(api);

    /**
     * The room's own figures, read per sale, follow its tickets: three in the pre-queue, then
     * three admitted, one of them reserving; and the gauges of /metrics are these figures added
     * up over every room on (read until they agree: the gauges read Redis at most once a second).
     */
    @Test
    void theRoomsFiguresFollowItsTicketsAndTheGaugesAddThemUp() {
        Sale sale = buyers.saleWithRoom(3, 1, 100, 30);
        List<String> tickets = new ArrayList<>();
        for (int i = 0; i < 3; i++) {
            tickets.add(buyers.take(sale, "metered-" + i).json().getString("ticket"));
        }
        assertEquals(200, buyers.take(sale, "metered-0").status(), "the buyer's own ticket again");
        JsonObject before = RoomSales.view(api, sale.id());
        assertEquals(3, before.getInt("preQueue"), "three tickets in the pre-queue: " + before);
        assertEquals(0, before.getInt("waiting"), before.toString());
        assertEquals(0, before.getInt("admitted"), before.toString());

        buyers.openNow(sale);
        String token = null;
        for (String ticket : tickets) {
            token = buyers.awaitStatus(sale, ticket, "ADMITTED").getString("token");
        }
        assertEquals(201, buyers.reserve(sale, "metered-2", token, "metered-" + sale.id()).status());
        JsonObject after = RoomSales.view(api, sale.id());
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
     * A crowd's tickets waiting for a paused Redis, their requests held open on the server while
     * their threads go on to others: {@value #CROWD} buyers (twice the tests' server's 200 HTTP
     * threads) take tickets at once while Redis is paused past the server's timeout, and every one
     * of them is answered, 201 or 503 {@code room-unavailable} with Retry-After. Asking again once
     * Redis is back, each has a ticket, and the room's pre-queue holds exactly one per buyer:
     * nothing lost, nothing twice.
     */
    @Test
    void aCrowdOfTicketsWhileRedisIsPausedIsAnsweredAndNothingIsLost() throws Exception {
        Sale sale = buyers.saleWithRoom(10, 1, 100, 30);
        try (Jedis redis = TestRedis.client()) {
            redis.clientPause(PAUSE_MS);
        }
        for (Api.Answer taken : crowdTakes(sale, "paused-")) {
            assertTrue(taken.status() == 201 || taken.status() == 503 && "room-unavailable".equals(taken.problemType())
                    && taken.header("Retry-After") != null, taken.toString());
        }
        await("Redis answers again").atMost(RoomSales.PATIENCE).pollInterval(Duration.ofMillis(200))
                .until(() -> buyers.take(sale, "paused-0").status() == 200);
        for (int i = 0; i < CROWD; i++) {
            Api.Answer again = buyers.take(sale, "paused-" + i);
            assertTrue(again.status() == 200 || again.status() == 201, again.toString());
        }
        assertEquals(CROWD, RoomSales.view(api, sale.id()).getInt("preQueue"), "one ticket per buyer of the crowd");
        TestRedis.awaitGateInUse(api);
    }

    /**
     * A Redis that lost a room while a crowd takes tickets gets the room back a few times, not once
     * a call that found it gone: the calls one Redis call found without the room are answered one
     * after another on one thread, and the first of them puts the room back for the rest
     * ({@code PollReplies}). The room's keys gone and Redis paused a moment, so that the crowd
     * queues behind the first call, {@value #CROWD} buyers take tickets at once: every one gets a
     * new ticket (201), and this node put the room back at most {@value #RELOADS_AT_MOST} times
     * ({@code flashsale_room_reloads_total}; put back for every call that found it gone, it was 40).
     */
    @Test
    void aRoomRedisLostIsPutBackOnceForACrowdNotOnceATicket() throws Exception {
        Sale sale = buyers.saleWithRoom(10, 1, 100, 30);
        assertEquals(201, buyers.take(sale, "before-the-loss").status());
        Metrics before = Metrics.read(api);
        try (Jedis redis = TestRedis.client()) {
            RoomKeys.all(new SaleId(sale.id())).forEach(redis::del);
            redis.clientPause(LOSS_PAUSE_MS);
        }
        for (Api.Answer taken : crowdTakes(sale, "after-the-loss-")) {
            assertEquals(201, taken.status(), taken.toString());
        }
        double reloads = Metrics.read(api).since(before, "flashsale_room_reloads_total");
        assertTrue(reloads >= 1 && reloads <= RELOADS_AT_MOST, "the room put back " + reloads + " times for " + CROWD + " tickets");
        assertEquals(CROWD, RoomSales.view(api, sale.id()).getInt("preQueue"), "the crowd's tickets, in the room put back");
    }

    /** {@value #CROWD} buyers, {@code prefix} and a number each, take tickets at once; their answers. */
    private List<Api.Answer> crowdTakes(Sale sale, String prefix) throws Exception {
        ExecutorService crowd = Executors.newFixedThreadPool(CROWD);
        try {
            List<Future<Api.Answer>> pending = new ArrayList<>();
            for (int i = 0; i < CROWD; i++) {
                String buyer = prefix + i;
                pending.add(crowd.submit(() -> buyers.take(sale, buyer)));
            }
            List<Api.Answer> answers = new ArrayList<>();
            for (Future<Api.Answer> answer : pending) {
                answers.add(answer.get(RoomSales.PATIENCE.toSeconds(), TimeUnit.SECONDS));
            }
            return answers;
        } finally {
            crowd.shutdownNow();
        }
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
        OneAtATime room = buyers.oneAtATime(tokenSeconds);
        try (Jedis redis = TestRedis.client()) {
            redis.clientPause(3000);
        }
        Api.Answer paid = api.confirm(room.reservationOfA());
        assertEquals(200, paid.status(), paid.toString());
        assertEquals("CONFIRMED", paid.json().getString("status"));
        String notFreed = "The room place of checkout " + room.keyOfA() + " of sale " + room.sale().id() + " not freed";
        await("the server logs the place it could not free").atMost(RoomSales.PATIENCE).pollInterval(Duration.ofMillis(200))
                .until(() -> Files.readString(TestServer.logFile(), StandardCharsets.ISO_8859_1).contains(notFreed));
        assertTrue(Metrics.read(api).value("flashsale_room_places_not_freed_total") >= 1, "the place not freed is counted");

        await("Redis answers again").atMost(RoomSales.PATIENCE).pollInterval(Duration.ofMillis(200))
                .until(() -> api.adminGet("api/admin/sales/" + room.sale().id() + "/room").status() == 200);
        long active = buyers.activeOf(room.sale());
        JsonObject waiting = buyers.poll(room.sale(), room.ticketOfB());
        assertTrue(Instant.now().isBefore(room.tokenOfAExpiresAt()), "B polled while A's token is live (15 s, Redis away 3): a machine"
                + " far slower than any seen here");
        assertEquals(1, active, "the place stays taken until the token runs out");
        assertEquals("WAITING", waiting.getString("status"), waiting.toString());
        assertEquals("ROOM_FULL", waiting.getString("reason"), waiting.toString());

        JsonObject admitted = buyers.awaitStatus(room.sale(), room.ticketOfB(), "ADMITTED");
        Instant admittedAt = Instant.parse(admitted.getString("tokenExpiresAt")).minusSeconds(tokenSeconds);
        assertFalse(admittedAt.isBefore(room.tokenOfAExpiresAt()), "B admitted at " + admittedAt + ", A's token ran out at "
                + room.tokenOfAExpiresAt());
        assertEquals("EXPIRED", buyers.poll(room.sale(), room.ticketOfA()).getString("status"), "A's token ran out");
        assertEquals("CONFIRMED", Db.text("SELECT status FROM reservation WHERE id = ?::uuid", room.reservationOfA()));
        TestRedis.awaitGateInUse(api);
    }
}
