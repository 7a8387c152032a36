package dev.flashsale.reservations;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.flashsale.gate.control.GateKeys;
import dev.flashsale.stock.entity.Sku;
import dev.flashsale.testsupport.Api;
import dev.flashsale.testsupport.Crowd;
import dev.flashsale.testsupport.Db;
import dev.flashsale.testsupport.Holds;
import dev.flashsale.testsupport.Sales;
import dev.flashsale.testsupport.StockCounts;
import dev.flashsale.testsupport.TestRedis;
import dev.flashsale.testsupport.TestServer;
import dev.flashsale.testsupport.history.FinalState;
import dev.flashsale.testsupport.history.History;
import dev.flashsale.testsupport.history.HistoryChecker;
import dev.flashsale.testsupport.history.Report;
import jakarta.json.Json;
import jakarta.json.JsonObject;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import redis.clients.jedis.Jedis;

/**
 * Holds that wait for a payment in flight ({@code POST /api/reservations/{id}/extend}): the new
 * deadline in PostgreSQL, the ledger and the gate's record; the sweeper and the lazy reclaim
 * leaving an extended hold alone until its new deadline; every refusal with its problem type and
 * nothing changed; the allowance kept by concurrent extensions; another key's reservation unknown.
 * (An extension that Redis failed to follow, put right by the gate's recovery, breaks a gate key
 * that closes the gate for every sale: {@code GateDriftIT}, which runs alone.)
 */
@Tag("core")
class HoldExtensionIT {

    private final Api api = new Api(TestServer.url());

    @BeforeEach
    void gateInUse() {
        TestRedis.awaitGateInUse(api);
    }

    @Test
    void anExtensionMovesTheDeadlineCountsItAndTheGateFollows() {
        String sku = Sales.uniqueSku("extend");
        String saleId = Sales.openSaleWithExtensions(api, sku, 3, 600, 120, 3).getString("id");
        JsonObject hold = api.reserve(sku + "-a", sku, "buyer-a", 1).json();
        String id = hold.getString("id");
        assertEquals(0, hold.getInt("extensions"));
        long first = Holds.deadlineMillis(id);
        assertEquals(first, Holds.gateDeadline(sku, sku + "-a"), "the gate recorded the hold's deadline");

        Api.Answer asked = api.extend(id, "{\"seconds\": 45}");
        assertEquals(200, asked.status(), asked.toString());
        assertEquals(1, asked.json().getInt("extensions"));
        assertEquals("HELD", asked.json().getString("status"));
        assertEquals(first + 45_000, Holds.deadlineMillis(id));
        assertEquals(Instant.ofEpochMilli(first + 45_000),
                Instant.parse(asked.json().getString("expiresAt")).truncatedTo(ChronoUnit.MILLIS));
        Holds.awaitGateDeadline(sku, sku + "-a", first + 45_000);

        Api.Answer saleDefault = api.extend(id, null);
        assertEquals(200, saleDefault.status(), saleDefault.toString());
        assertEquals(first + 165_000, Holds.deadlineMillis(id), "no body: the sale's most, 120 s");
        Api.Answer emptyObject = api.extend(id, "{}");
        assertEquals(200, emptyObject.status(), emptyObject.toString());
        assertEquals(first + 285_000, Holds.deadlineMillis(id), "{}: the sale's most");
        Holds.awaitGateDeadline(sku, sku + "-a", first + 285_000);

        assertEquals(3, Db.scalar("SELECT extensions FROM reservation WHERE id = ?::uuid", id));
        assertEquals(List.of("CLAIM", "EXTEND", "EXTEND", "EXTEND"),
                Db.texts("SELECT kind FROM stock_movement WHERE reservation_id = ?::uuid ORDER BY id", id));
        assertEquals(0, Db.scalar("SELECT count(*) FROM stock_movement WHERE reservation_id = ?::uuid AND kind = 'EXTEND'"
                + " AND (held_delta <> 0 OR sold_delta <> 0)", id), "an extension moves no unit");
        assertEquals(first + 285_000, Db.scalar("SELECT floor(extract(epoch FROM max(extended_to)) * 1000) FROM stock_movement"
                + " WHERE reservation_id = ?::uuid", id), "the ledger names the new deadline");
        StockCounts counts = StockCounts.of(sku);
        assertEquals(1, counts.held());
        assertTrue(counts.consistent(), counts.toString());

        JsonObject read = api.get("api/reservations/" + id).json();
        assertEquals(3, read.getInt("extensions"));
        assertEquals(emptyObject.json().getString("expiresAt"), read.getString("expiresAt"));
        List<String> history = api.adminGet("api/admin/reservations/" + id + "/history").jsonArray().stream()
                .map(row -> row.asJsonObject().getString("kind")).toList();
        assertEquals(List.of("CLAIM", "EXTEND", "EXTEND", "EXTEND"), history);
        JsonObject terms = api.adminGet("api/admin/sales/" + saleId).json();
        assertEquals(List.of(120, 3), List.of(terms.getInt("maxExtensionSeconds"), terms.getInt("maxExtensions")));

        Api.Answer spent = api.extend(id, "{\"seconds\": 10}");
        assertEquals(409, spent.status(), spent.toString());
        assertEquals("extensions-spent", spent.problemType());
        assertEquals(first + 285_000, Holds.deadlineMillis(id));
    }

    /**
     * The hold's first deadline is four seconds away (time enough for the extension on a busy
     * machine, as this class runs beside others); extended by three, it outlives the first
     * deadline while sweeps run (the test's and the timer's) and other buyers try the SKU's last
     * unit, and is expired only once its new deadline has passed. Before each try the gate's
     * deadline of the hold is set back to the first one, as if the extension's follow-up in Redis
     * had been lost: once that deadline is past, the gate sends the buyer to PostgreSQL for a lazy
     * reclaim (a claim that finds the SKU short expires the overdue holds first), which finds the
     * extended hold not overdue and drops the stale deadline.
     */
    @Test
    void theSweeperAndTheLazyReclaimWaitForTheNewDeadline() {
        String sku = Sales.uniqueSku("extend-swept");
        Sales.openSaleWithExtensions(api, sku, 1, 600, 60, 1);
        History history = new History();
        String id = history.reserve(api, sku + "-a", sku, "buyer-a", 1).json().getString("id");
        Db.setExpiry(id, 4);
        long first = Holds.deadlineMillis(id);
        try (Jedis redis = TestRedis.client()) {
            redis.zadd(GateKeys.deadlines(new Sku(sku)), first, Holds.gateMember(sku + "-a"));
        }

        Api.Answer extended = history.extend(api, id, "{\"seconds\": 3}");
        assertEquals(200, extended.status(), extended.toString());
        long second = Holds.deadlineMillis(id);
        assertEquals(first + 3_000, second);
        Holds.awaitGateDeadline(sku, sku + "-a", second);

        List<String> seen = new ArrayList<>();
        int[] tries = {0};
        await("the first deadline passed").atMost(Holds.SWEPT_WITHIN).pollInterval(Duration.ofMillis(100)).until(() -> {
            // Judged before this try's reserve, so that the last try is one made wholly past the first deadline
            // (however long its own steps take on a busy machine).
            boolean pastTheFirstDeadline = Db.scalar("SELECT count(*) FROM reservation WHERE id = ?::uuid"
                    + " AND now() > to_timestamp(? / 1000.0) + interval '300 milliseconds'", id, first) == 1;
            sweep();
            int n = tries[0]++;
            try (Jedis redis = TestRedis.client()) {
                redis.zadd(GateKeys.deadlines(new Sku(sku)), first, Holds.gateMember(sku + "-a"));
                int status = history.reserve(api, sku + "-other-" + n, sku, "buyer-other-" + n, 1).status();
                seen.add(status + " " + api.get("api/reservations/" + id).json().getString("status") + " "
                        + (redis.zscore(GateKeys.deadlines(new Sku(sku)), Holds.gateMember(sku + "-a")) == null ? "asked PostgreSQL"
                        : "refused at the gate"));
            }
            return pastTheFirstDeadline;
        });
        assertTrue(Set.of("409 HELD refused at the gate", "409 HELD asked PostgreSQL").containsAll(seen),
                "past its first deadline the hold is still held and its unit taken: " + seen);
        assertEquals("409 HELD asked PostgreSQL", seen.get(seen.size() - 1), "past the first deadline the lazy reclaim"
                + " in PostgreSQL found nothing overdue: " + seen);
        assertEquals(0, Db.scalar("SELECT count(*) FROM stock_movement WHERE reservation_id = ?::uuid AND kind = 'EXPIRE'", id));

        Holds.awaitStatus(api, id, "EXPIRED");
        assertEquals(1, Db.scalar("SELECT count(*) FROM stock_movement WHERE reservation_id = ?::uuid AND kind = 'EXPIRE'"
                + " AND at >= to_timestamp(? / 1000.0)", id, second), "expired at or after the new deadline");
        assertEquals(201, history.reserve(api, sku + "-after", sku, "buyer-after", 1).status(), "then its unit is back on sale");
        assertNoAnomaly(history, sku);
    }

    @Test
    void everyRefusalHasItsProblemTypeAndChangesNothing() {
        String sku = Sales.uniqueSku("extend-refused");
        Sales.openSaleWithExtensions(api, sku, 5, 600, 60, 1);
        String confirmed = api.reserve(sku + "-c", sku, "buyer-c", 1).json().getString("id");
        assertEquals(200, api.confirm(confirmed).status());
        String cancelled = api.reserve(sku + "-x", sku, "buyer-x", 1).json().getString("id");
        assertEquals(200, api.cancel(cancelled).status());
        String swept = api.reserve(sku + "-s", sku, "buyer-s", 1).json().getString("id");
        Db.setExpiry(swept, -1);
        Holds.awaitStatus(api, swept, "EXPIRED");
        String spent = api.reserve(sku + "-p", sku, "buyer-p", 1).json().getString("id");
        assertEquals(200, api.extend(spent, "{\"seconds\": 5}").status());
        String off = Sales.uniqueSku("extend-off");
        Sales.openSale(api, off, 2, 1, 600, "REFUSE");
        String notExtended = api.reserve(off + "-o", off, "buyer-o", 1).json().getString("id");

        Map<String, String> refusals = Map.of(confirmed, "reservation-confirmed", cancelled, "reservation-cancelled",
                swept, "hold-expired", spent, "extensions-spent", notExtended, "extension-off");
        for (Map.Entry<String, String> refusal : refusals.entrySet()) {
            String before = Db.fingerprint(sku, off);
            Api.Answer answer = api.extend(refusal.getKey(), "{\"seconds\": 5}");
            assertEquals(409, answer.status(), answer.toString());
            assertEquals(refusal.getValue(), answer.problemType(), answer.toString());
            assertEquals(before, Db.fingerprint(sku, off), refusal.getValue() + " changed nothing");
        }

        // Held but past its deadline, not yet swept: dead all the same. The sweeper may expire it
        // meanwhile, so only what an extension would change is compared.
        String overdue = api.reserve(sku + "-o", sku, "buyer-o", 1).json().getString("id");
        Db.setExpiry(overdue, -1);
        String deadline = Db.text("SELECT expires_at::text FROM reservation WHERE id = ?::uuid", overdue);
        Api.Answer late = api.extend(overdue, null);
        assertEquals(409, late.status(), late.toString());
        assertEquals("hold-expired", late.problemType());
        assertEquals(deadline, Db.text("SELECT expires_at::text FROM reservation WHERE id = ?::uuid", overdue));
        assertEquals(0, Db.scalar("SELECT extensions + (SELECT count(*) FROM stock_movement WHERE reservation_id = r.id"
                + " AND kind = 'EXTEND') FROM reservation r WHERE id = ?::uuid", overdue));
    }

    @Test
    void badRequestsAre4xxAndChangeNothing() {
        String sku = Sales.uniqueSku("extend-bad");
        String saleId = Sales.openSaleWithExtensions(api, sku, 2, 600, 60, 2).getString("id");
        String id = api.reserve(sku + "-a", sku, "buyer-a", 1).json().getString("id");
        String before = Db.fingerprint(sku);
        for (String body : List.of("{\"seconds\": 0}", "{\"seconds\": -5}", "{\"seconds\": 1.5}", "{\"seconds\": 86401}",
                "{\"seconds\": 1e30}")) {
            Api.Answer answer = api.extend(id, body);
            assertEquals(400, answer.status(), body + ": " + answer);
            assertEquals("invalid-request", answer.problemType(), body);
        }
        for (String body : List.of("{\"seconds\": \"10\"}", "[10]", "10", "{\"seconds\": 10", "not json")) {
            Api.Answer answer = api.extend(id, body);
            assertEquals(400, answer.status(), body + ": " + answer);
            assertEquals("malformed-request", answer.problemType(), body);
        }
        Api.Answer text = api.postRaw("api/reservations/" + id + "/extend", "{\"seconds\": 10}", "Content-Type", "text/plain");
        assertEquals(415, text.status(), text.toString());
        Api.Answer badId = api.extend("not-a-uuid", null);
        assertEquals(400, badId.status(), badId.toString());
        assertEquals("invalid-id", badId.problemType());
        Api.Answer unknown = api.extend("00000000-0000-4000-8000-000000000000", null);
        assertEquals(404, unknown.status());
        assertEquals("reservation-not-found", unknown.problemType());
        Api.Answer noKey = api.withStorefrontKey(null).extend(id, null);
        assertEquals(401, noKey.status(), noKey.toString());
        for (String terms : List.of("\"maxExtensionSeconds\": 3601, \"maxExtensions\": 2",
                "\"maxExtensionSeconds\": 60, \"maxExtensions\": 11", "\"maxExtensionSeconds\": -1, \"maxExtensions\": 2",
                "\"maxExtensionSeconds\": 60, \"maxExtensions\": 1.5")) {
            String sale = "{\"name\": \"Sale of " + sku + "\", \"holdSeconds\": 600, " + terms
                    + ", \"items\": [{\"sku\": \"" + sku + "\", \"units\": 2}]}";
            for (Api.Answer refused : List.of(api.adminPut("api/admin/sales/" + saleId, sale),
                    api.adminPost("api/admin/sales", sale.replace(sku, sku + "-new")))) {
                assertEquals(400, refused.status(), terms + ": " + refused);
                assertEquals("invalid-request", refused.problemType(), terms);
            }
        }
        assertEquals(0, Db.scalar("SELECT count(*) FROM sku_item WHERE sku = ?", sku + "-new"));
        assertEquals(before, Db.fingerprint(sku));
    }

    @Test
    void anotherKeysReservationIsNotFoundAndStaysAsItWas() {
        String sku = Sales.uniqueSku("extend-owned");
        Sales.openSaleWithExtensions(api, sku, 2, 600, 60, 2);
        String id = api.reserve(sku + "-a", sku, "buyer-a", 1).json().getString("id");
        Api.Answer issued = api.adminPost("api/admin/api-keys", Json.createObjectBuilder().add("name", "kiosk-" + sku).build()
                .toString());
        assertEquals(201, issued.status(), issued.toString());
        Api kiosk = api.withStorefrontKey(issued.json().getString("key"));
        String before = Db.fingerprint(sku);

        Api.Answer other = kiosk.extend(id, "{\"seconds\": 30}");
        assertEquals(404, other.status(), other.toString());
        assertEquals("reservation-not-found", other.problemType());
        assertEquals(before, Db.fingerprint(sku));
        assertEquals(200, api.extend(id, "{\"seconds\": 30}").status(), "its own key extends it");
    }

    /** Would fail on a read-then-write: several extensions would read the same count and all pass it. */
    @Test
    void concurrentExtensionsOfOneHoldNeverPassTheAllowance() throws Exception {
        String sku = Sales.uniqueSku("extend-crowd");
        Sales.openSaleWithExtensions(api, sku, 1, 600, 10, 3);
        History history = new History();
        String id = history.reserve(api, sku + "-a", sku, "buyer-a", 1).json().getString("id");
        long first = Holds.deadlineMillis(id);

        List<String> answers = Crowd.run(24, 24, i -> {
            Api.Answer answer = history.extend(api, id, "{\"seconds\": 10}");
            return answer.status() + " " + (answer.status() == 200 ? answer.json().getInt("extensions") : answer.problemType());
        });

        Map<String, Long> counted = answers.stream().collect(Collectors.groupingBy(a -> a, Collectors.counting()));
        assertEquals(Map.of("200 1", 1L, "200 2", 1L, "200 3", 1L, "409 extensions-spent", 21L), counted);
        assertEquals(3, Db.scalar("SELECT extensions FROM reservation WHERE id = ?::uuid", id));
        assertEquals(first + 30_000, Holds.deadlineMillis(id));
        assertEquals(3, Db.scalar("SELECT count(*) FROM stock_movement WHERE reservation_id = ?::uuid AND kind = 'EXTEND'", id));
        Holds.awaitGateDeadline(sku, sku + "-a", first + 30_000);
        assertNoAnomaly(history, sku);
    }

    /** The history checker finds the run's answers borne out by the final state. */
    private static void assertNoAnomaly(History history, String sku) {
        Report report = HistoryChecker.check(history.ops(), FinalState.read(List.of(sku)));
        assertEquals(List.of(), report.anomalies(), report.toString());
    }

    private void sweep() {
        Api.Answer swept = api.postEmpty("api/test/holds/sweep");
        if (swept.status() != 200) {
            throw new IllegalStateException("sweep failed: " + swept);
        }
    }
}
