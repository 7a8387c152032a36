package dev.flashsale.room;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.flashsale.gate.control.GateKeys;
import dev.flashsale.stock.entity.Sku;
import dev.flashsale.testsupport.AdmittedSampler;
import dev.flashsale.testsupport.Api;
import dev.flashsale.testsupport.Db;
import dev.flashsale.testsupport.RoomSales;
import dev.flashsale.testsupport.Sales;
import dev.flashsale.testsupport.SecondNode;
import dev.flashsale.testsupport.StockCounts;
import dev.flashsale.testsupport.TestRedis;
import dev.flashsale.testsupport.TestServer;
import dev.flashsale.testsupport.history.Anomaly;
import dev.flashsale.testsupport.history.Anomaly.Kind;
import dev.flashsale.testsupport.history.FinalState;
import dev.flashsale.testsupport.history.RoomChecker;
import jakarta.json.JsonObject;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.parallel.Isolated;
import redis.clients.jedis.Jedis;

/**
 * A unit that comes back to a sale with its room on goes to the next waiting buyer within the
 * room's stated bound, {@link #REOFFERED_WITHIN}, whichever of two nodes the buyer polls: the
 * units of two holds cancelled and of two that expire (the sweeper, on either node, gives them
 * back) each admit one waiting ticket. A return is timed at the cancel's answer or at the hold's
 * {@code expiresAt}; an admission at the first poll that says ADMITTED, the tickets polled every
 * 100 ms on the two nodes in turn. At every poll the buyers admitted and not yet reserved (Redis)
 * are never more than the units available (PostgreSQL).
 */
@Tag("faults")
@Isolated("stops, pauses, slows or kills PostgreSQL, Redis or the second node, which every class shares")
class ReturnedUnitsReofferedIT {

    /** The room's bound (docs/architecture.md): a returned unit's next buyer admitted within it. */
    private static final Duration REOFFERED_WITHIN = Duration.ofSeconds(2);
    private static final int UNITS = 4;
    private static final int HOLD_SECONDS = 3;
    /** The shortest token a room gives (tokenSeconds' least value). */
    private static final int TOKEN_SECONDS = 10;
    /** The tests with no poll: their waiting tickets missing polls for longer than the test's patience stay waiting. */
    private static final int UNPOLLED_KEPT_SECONDS = 120;

    @Test
    void everyReturnedUnitAdmitsTheNextWaitingTicketWithinTwoSecondsOnEitherNode() {
        Api[] nodes = {new Api(TestServer.url()), new Api(SecondNode.proxied().base())};
        String sku = Sales.uniqueSku("reoffer");
        UUID sale = RoomSales.open(nodes[0], sku, UNITS, 1, HOLD_SECONDS, Instant.now().minusSeconds(1),
                new RoomSales.Room(20, 100, 60, 30));
        RoomSales.awaitKnownBy(nodes, sku);

        List<String> holders = new ArrayList<>();
        List<String> waiting = new ArrayList<>();
        for (int buyer = 0; buyer < 2 * UNITS; buyer++) {
            String ticket = RoomSales.take(nodes[buyer % 2], sale, "buyer-" + buyer).json().getString("ticket");
            (buyer < UNITS ? holders : waiting).add(ticket);
        }
        List<String> holds = new ArrayList<>();
        List<Instant> expiries = new ArrayList<>();
        for (int buyer = 0; buyer < UNITS; buyer++) {
            JsonObject admitted = RoomSales.awaitStatus(nodes[buyer % 2], sale, holders.get(buyer), "ADMITTED");
            JsonObject hold = reserve(nodes[1 - buyer % 2], sku, sale, "buyer-" + buyer, admitted.getString("token"));
            holds.add(hold.getString("id"));
            expiries.add(Instant.parse(hold.getString("expiresAt")));
        }
        for (String ticket : waiting) {
            JsonObject polled = RoomSales.poll(nodes[0], sale, ticket);
            assertEquals("NO_UNITS_FREE", polled.getString("reason", ""), polled.toString());
        }

        // Two holds cancelled, one on each node; the other two run out.
        List<Instant> returns = new ArrayList<>();
        for (int hold = 0; hold < 2; hold++) {
            Api.Answer cancelled = nodes[hold].cancel(holds.get(hold));
            assertEquals(200, cancelled.status(), cancelled.toString());
            returns.add(Instant.now());
        }
        returns.addAll(expiries.subList(2, UNITS));

        Map<String, Instant> admittedAt = new LinkedHashMap<>();
        List<String> overAdmitted = new ArrayList<>();
        int[] round = {0};
        await("every waiting ticket admitted").atMost(RoomSales.PATIENCE).pollInterval(Duration.ofMillis(100)).until(() -> {
            round[0]++;
            for (int buyer = 0; buyer < UNITS; buyer++) {
                String ticket = waiting.get(buyer);
                if (admittedAt.containsKey(ticket)) {
                    continue;
                }
                int node = (buyer + round[0]) % 2;
                JsonObject polled = RoomSales.poll(nodes[node], sale, ticket);
                if (polled.getString("status").equals("ADMITTED")) {
                    admittedAt.put(ticket, Instant.now());
                    JsonObject hold = reserve(nodes[1 - node], sku, sale, "buyer-" + (UNITS + buyer), polled.getString("token"));
                    assertEquals(200, nodes[node].confirm(hold.getString("id")).status());
                }
            }
            AdmittedSampler.look(sale, sku).ifPresent(overAdmitted::add);
            return admittedAt.size() == UNITS;
        });

        List<Instant> admissions = admittedAt.values().stream().sorted().toList();
        List<Instant> returned = returns.stream().sorted().toList();
        List<Duration> waits = new ArrayList<>();
        for (int i = 0; i < UNITS; i++) {
            waits.add(Duration.between(returned.get(i), admissions.get(i)));
        }
        assertTrue(waits.stream().allMatch(wait -> wait.compareTo(REOFFERED_WITHIN) <= 0),
                "from each return to the next admission: " + waits + "; the room in Redis: " + roomInRedis(sale));
        assertEquals(List.of(), overAdmitted, "admitted, not reserved, above available");
        StockCounts counts = StockCounts.of(sku);
        assertEquals(UNITS, counts.sold(), counts.toString());
        assertEquals(0, counts.held(), counts.toString());
        assertTrue(counts.consistent(), counts.toString());
        try (Jedis redis = TestRedis.client()) {
            assertEquals(String.valueOf(2 * UNITS), redis.hget("fs:{sale:" + sale + "}:room", "admittedTotal"));
        }
        JsonObject room = RoomSales.view(nodes[1], sale);
        // Re-offers are a lower bound (architecture.md says why): a step between a return's commit and its count misses it.
        assertEquals(UNITS, room.getInt("unitsReturned"), "units returned, as the room's admin view shows them: " + room);
        assertTrue(room.getInt("unitsReoffered") >= 1 && room.getInt("unitsReoffered") <= UNITS,
                "units re-offered, as the room's admin view shows them: " + room);
    }

    /**
     * No poll needed: with no ticket polled at all, a cancelled hold's unit admits the next
     * waiting ticket within the bound, and so does the unit of an admitted buyer whose token runs
     * out without a reserve (seen in the room's state in Redis, which a poll would have moved).
     */
    @Test
    void aReturnedUnitAndTheUnitOfATokenThatRanOutAdmitTheNextTicketWithoutAnyPoll() {
        Api[] nodes = {new Api(TestServer.url()), new Api(SecondNode.proxied().base())};
        String sku = Sales.uniqueSku("reoffer-quiet");
        UUID sale = RoomSales.open(nodes[0], sku, 2, 1, 600, Instant.now().minusSeconds(1),
                new RoomSales.Room(20, 100, TOKEN_SECONDS, UNPOLLED_KEPT_SECONDS));
        RoomSales.awaitKnownBy(nodes, sku);
        String reserving = RoomSales.take(nodes[0], sale, "buyer-reserving").json().getString("ticket");
        String idle = RoomSales.take(nodes[1], sale, "buyer-idle").json().getString("ticket");
        JsonObject admitted = RoomSales.awaitStatus(nodes[0], sale, reserving, "ADMITTED");
        Instant idleTokenRunsOut = Instant.parse(RoomSales.awaitStatus(nodes[1], sale, idle, "ADMITTED").getString("tokenExpiresAt"));
        String hold = reserve(nodes[1], sku, sale, "buyer-reserving", admitted.getString("token")).getString("id");
        JsonObject first = RoomSales.take(nodes[0], sale, "buyer-next").json();
        JsonObject second = RoomSales.take(nodes[1], sale, "buyer-after").json();
        assertEquals(List.of("NO_UNITS_FREE", "NO_UNITS_FREE"), List.of(first.getString("reason", ""), second.getString("reason", "")));

        assertEquals(200, nodes[0].cancel(hold).status());
        Instant cancelled = Instant.now();
        awaitAdmittedInRedis(sale, first.getString("ticket"), cancelled);
        awaitAdmittedInRedis(sale, second.getString("ticket"), idleTokenRunsOut);
        try (Jedis redis = TestRedis.client()) {
            assertEquals("4", redis.hget("fs:{sale:" + sale + "}:room", "admittedTotal"));
        }
    }

    /**
     * A return that no node announced (its node gone between the cancel's commit and the steps after
     * it, played here by the cancel's own statement run straight on PostgreSQL) leaves its unit free,
     * the gate's counter short and the next ticket waiting; reconciliation gives the unit back to the
     * gate once two runs see the same gap, and its announcement (lua/load_counter.lua publishes on
     * fs:units-back) steps the room on every node: the next ticket is admitted within the bound of
     * that give-back, with no poll.
     */
    @Test
    void aUnitGivenBackByReconciliationAdmitsTheNextTicketWithoutAnyPoll() throws Exception {
        Api[] nodes = {new Api(TestServer.url()), new Api(SecondNode.proxied().base())};
        String sku = Sales.uniqueSku("reoffer-reconciled");
        UUID sale = RoomSales.open(nodes[0], sku, 1, 1, 600, Instant.now().minusSeconds(1),
                new RoomSales.Room(20, 100, 60, UNPOLLED_KEPT_SECONDS));
        RoomSales.awaitKnownBy(nodes, sku);
        String holder = RoomSales.take(nodes[0], sale, "buyer-holder").json().getString("ticket");
        String token = RoomSales.awaitStatus(nodes[0], sale, holder, "ADMITTED").getString("token");
        String hold = reserve(nodes[1], sku, sale, "buyer-holder", token).getString("id");
        JsonObject next = RoomSales.take(nodes[0], sale, "buyer-next").json();
        JsonObject after = RoomSales.take(nodes[1], sale, "buyer-after").json();
        assertEquals(List.of("NO_UNITS_FREE", "NO_UNITS_FREE"), List.of(next.getString("reason", ""), after.getString("reason", "")));
        String counter = GateKeys.counter(new Sku(sku));
        TestRedis.awaitValue(counter, "0");

        cancelUnannounced(hold);
        assertEquals(200, nodes[0].adminPostEmpty("api/admin/reconciliation/run").status());
        try (Jedis redis = TestRedis.client()) {
            assertEquals("0", redis.get(counter), "one sighting of the gap corrects nothing");
            assertEquals("W", redis.hget("fs:{sale:" + sale + "}:state", next.getString("ticket")),
                    "nothing stepped the room: the return was never announced");
        }
        assertEquals(List.of(Kind.RETURNED_UNIT_NOT_REOFFERED), kinds(reofferedOrSold(sale, sku)),
                "the checker sees the unit free and offered to nobody while two tickets wait");
        assertEquals(200, nodes[0].adminPostEmpty("api/admin/reconciliation/run").status());
        Instant givenBack = Instant.now();
        try (Jedis redis = TestRedis.client()) {
            assertEquals("1", redis.get(counter), "the second sighting gave the unit back to the gate");
        }
        awaitAdmittedInRedis(sale, next.getString("ticket"), givenBack);
        assertEquals(List.of(), reofferedOrSold(sale, sku), "the unit offered to the next ticket, the one after it still waiting");
        try (Jedis redis = TestRedis.client()) {
            assertEquals("W", redis.hget("fs:{sale:" + sale + "}:state", after.getString("ticket")));
        }
    }

    /**
     * The history checker's judgement of the room's sale (every hold ended): the tickets waiting and
     * those admitted and not yet reserved, as Redis holds them, against the units in PostgreSQL.
     */
    private static List<Anomaly> reofferedOrSold(UUID sale, String sku) {
        try (Jedis redis = TestRedis.client()) {
            long waiting = redis.hvals("fs:{sale:" + sale + "}:state").stream().filter("W"::equals).count();
            long offered = redis.zcard("fs:{sale:" + sale + "}:admitted");
            return RoomChecker.returnedUnitsReoffered(sku, waiting, offered, FinalState.read(List.of(sku)));
        }
    }

    private static List<Kind> kinds(List<Anomaly> anomalies) {
        return anomalies.stream().map(Anomaly::kind).toList();
    }

    /** The cancel's statement (db/stock/return_units_of_cancelled_hold.sql), committed with no node to hear of it. */
    private static void cancelUnannounced(String reservationId) throws Exception {
        String statement = Files.readString(Path.of("db/stock/return_units_of_cancelled_hold.sql")).replace(":id", "?::uuid");
        try (Connection connection = Db.connect(); PreparedStatement cancel = connection.prepareStatement(statement)) {
            cancel.setString(1, reservationId);
            try (ResultSet done = cancel.executeQuery()) {
                assertTrue(done.next() && done.getInt("transitions") == 1, "the hold cancelled");
            }
        }
    }

    /** The ticket's state in Redis says admitted within the bound after {@code from}; nobody polls it meanwhile. */
    private static void awaitAdmittedInRedis(UUID sale, String ticket, Instant from) {
        try (Jedis redis = TestRedis.client()) {
            await("ticket " + ticket + " admitted with no poll").atMost(RoomSales.PATIENCE).pollInterval(Duration.ofMillis(50))
                    .until(() -> String.valueOf(redis.hget("fs:{sale:" + sale + "}:state", ticket)).startsWith("A:"));
        }
        Duration waited = Duration.between(from, Instant.now());
        assertTrue(waited.compareTo(REOFFERED_WITHIN) <= 0, "admitted " + waited + " after its unit came free");
    }

    /** What Redis holds of the room, for a failure's message. */
    private static String roomInRedis(UUID sale) {
        try (Jedis redis = TestRedis.client()) {
            String key = "fs:{sale:" + sale + "}:";
            return redis.hgetAll(key + "room") + " states " + redis.hgetAll(key + "state") + " admitted "
                    + redis.zrangeWithScores(key + "admitted", 0, -1) + " reserving " + redis.zrangeWithScores(key + "reserving", 0, -1)
                    + " active " + redis.zrangeWithScores(key + "active", 0, -1) + " checkouts " + redis.hgetAll(key + "checkouts");
        }
    }

    private static JsonObject reserve(Api node, String sku, UUID sale, String buyer, String token) {
        Api.Answer reserved = node.post("api/reservations", Api.reserveBody(sku, buyer, 1),
                "Idempotency-Key", "reoffer-" + sale + "-" + buyer, "X-Admission-Token", token);
        assertEquals(201, reserved.status(), reserved.toString());
        return reserved.json();
    }
}
