package dev.flashsale.gate;

import dev.flashsale.platform.id.IdempotencyKey;
import dev.flashsale.platform.id.KeyOwner;
import dev.flashsale.stock.entity.Sku;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.flashsale.gate.control.GateKeys;
import dev.flashsale.testsupport.Api;
import dev.flashsale.testsupport.Crowd;
import dev.flashsale.testsupport.Db;
import dev.flashsale.testsupport.Sales;
import dev.flashsale.testsupport.StockCounts;
import dev.flashsale.testsupport.TestRedis;
import dev.flashsale.testsupport.TestServer;
import dev.flashsale.testsupport.history.FinalState;
import dev.flashsale.testsupport.history.History;
import dev.flashsale.testsupport.history.HistoryChecker;
import dev.flashsale.testsupport.history.Report;
import jakarta.json.JsonArray;
import jakarta.json.JsonObject;
import java.net.URL;
import java.time.Instant;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.parallel.Isolated;
import redis.clients.jedis.Jedis;

/**
 * The Redis gate in front of PostgreSQL, through the deployed application: units the gate let
 * through come back when PostgreSQL refuses, a Redis outage mid-sale neither oversells nor
 * fails a request, SCRIPT FLUSH is survived, and reconciliation makes PostgreSQL win.
 */
@Tag("faults")
@Isolated("stops, pauses, slows or kills PostgreSQL, Redis or the second node, which every class shares")
class RedisGateIT {

    /** Twice the units: the sale sells out and turns buyers away while the scripts come and go. */
    private static final int ATTEMPTS_WHILE_FLUSHED = 400;
    private static final int OUTAGE_ATTEMPTS = 1_000;

    private final URL base = TestServer.url();

    /** A sold-out flag left behind by a lost counter (evicted, say) heals on the next reservation. */
    @Test
    void aSoldOutFlagWhoseCounterIsGoneDoesNotRefuseASkuThatHasUnits() {
        Api api = new Api(base);
        String sku = Sales.openSku(api, 3, 1, 600, "REFUSE");
        awaitCounter(sku, 3);
        assertEquals(201, api.reserve(sku + "-a", sku, "buyer-a", 1).status());
        redis(r -> r.del(GateKeys.counter(new Sku(sku))));
        redis(r -> r.set(GateKeys.soldOut(new Sku(sku)), "1"));

        Api.Answer next = api.reserve(sku + "-b", sku, "buyer-b", 1);

        assertEquals(201, next.status(), "PostgreSQL has two units left: " + next);
        assertEquals("1", redis(r -> r.get(GateKeys.counter(new Sku(sku)))), "the counter was built again and taken from");
        assertFalse(exists(GateKeys.soldOut(new Sku(sku))), "and the stale flag is gone");
    }

    /**
     * A counter gone wrong (above PostgreSQL's free units) lets buyers through that PostgreSQL
     * refuses as sold out: each refused unit stays taken at the gate, since PostgreSQL had none to
     * give, so the counter drains to PostgreSQL's truth, and the refusal that finds it at 0 raises
     * the sold-out flag (in the same script, so that no unit given back meanwhile is hidden).
     */
    @Test
    void unitsTheGateLetThroughStayTakenWhenPostgresHasNoneAndTheFlagRisesAtZero() {
        Api api = new Api(base);
        String sku = Sales.openSku(api, 1, 1, 600, "REFUSE");
        awaitCounter(sku, 1);
        assertEquals(201, api.reserve(sku + "-a", sku, "buyer-a", 1).status());
        assertEquals("0", redis(r -> r.get(GateKeys.counter(new Sku(sku)))));
        try {
            redis(r -> r.set(GateKeys.counter(new Sku(sku)), "3"));
            redis(r -> r.del(GateKeys.soldOut(new Sku(sku))));

            Api.Answer refused = api.reserve(sku + "-b", sku, "buyer-b", 1);

            assertEquals(409, refused.status(), refused.toString());
            assertEquals("sold-out", refused.problemType());
            assertEquals("2", redis(r -> r.get(GateKeys.counter(new Sku(sku)))), "the unit taken at the gate stays taken");
            assertFalse(exists(GateKeys.marker(new Sku(sku), new IdempotencyKey(KeyOwner.CONFIGURED, sku + "-b"))));
            assertFalse(exists(GateKeys.soldOut(new Sku(sku))), "no flag while the counter says units are left");
            for (String key : List.of(sku + "-c", sku + "-d")) {
                assertEquals(409, api.reserve(key, sku, "buyer-" + key, 1).status());
            }
            assertEquals("0", redis(r -> r.get(GateKeys.counter(new Sku(sku)))), "drained to PostgreSQL's truth");
            assertEquals("1", redis(r -> r.get(GateKeys.soldOut(new Sku(sku)))), "PostgreSQL's sold out at 0 raises the flag");
            assertEquals(1, StockCounts.of(sku).held());
        } finally {
            api.rebuildCounter(sku);
        }
    }

    @Test
    void cancelAndExpiryGiveUnitsBackToTheGate() {
        Api api = new Api(base);
        String sku = Sales.openSku(api, 3, 1, 600, "REFUSE");
        awaitCounter(sku, 3);
        String cancelled = api.reserve(sku + "-a", sku, "buyer-a", 1).json().getString("id");
        String expired = api.reserve(sku + "-b", sku, "buyer-b", 1).json().getString("id");
        assertEquals("1", redis(r -> r.get(GateKeys.counter(new Sku(sku)))));

        assertEquals(200, api.cancel(cancelled).status());
        assertEquals("2", redis(r -> r.get(GateKeys.counter(new Sku(sku)))));
        Db.setExpiry(expired, -1);
        awaitCounter(sku, 3);
        assertEquals(3, api.stock(sku).json().getInt("available"));
    }

    @Test
    void aRedisOutageMidSaleNeitherOversellsNorFailsAndTheGateComesBackRebuilt() throws Exception {
        Api api = new Api(base);
        int units = 150;
        String sku = Sales.openSku(api, units, 1, 600, "REFUSE");
        awaitCounter(sku, units);
        AtomicInteger answered = new AtomicInteger();
        AtomicBoolean stopped = new AtomicBoolean();

        History history = new History();
        try {
            // Redis dies after the first hundred attempts, before the units are gone.
            List<Api.Answer> answers = Crowd.run(32, OUTAGE_ATTEMPTS, i -> {
                if (answered.incrementAndGet() == 100 && stopped.compareAndSet(false, true)) {
                    TestRedis.stop();
                }
                return history.reserve(api, sku + "-k-" + i, sku, "buyer-" + i, 1);
            });

            Map<Integer, Long> byStatus = answers.stream()
                    .collect(Collectors.groupingBy(Api.Answer::status, TreeMap::new, Collectors.counting()));
            assertTrue(stopped.get());
            assertEquals(Map.of(201, (long) units, 409, (long) OUTAGE_ATTEMPTS - units), byStatus, "exactly the units there are, no 5xx");
            StockCounts counts = StockCounts.of(sku);
            assertEquals(units, counts.held());
            assertTrue(counts.consistent(), counts.toString());

            // Redis comes back empty: the counters are built from PostgreSQL and the gate is used again.
            assertFalse(api.adminGet("api/admin/gate").json().getBoolean("inUse"), "the gate is closed while Redis is down");
            Instant restarted = Instant.now();
            TestRedis.start();
            String next = Sales.openSku(api, 5, 1, 600, "REFUSE");
            TestRedis.awaitGateInUse(api);
            awaitCounter(sku, 0);
            Report report = HistoryChecker.check(history.ops(), FinalState.read(List.of(sku)));
            System.out.println("Redis killed mid-sale and started empty: " + report + "; the gate in use again, its counters"
                    + " rebuilt, " + Duration.between(restarted, Instant.now()).toMillis() + " ms after Redis was started");
            assertEquals(List.of(), report.anomalies(), report.toString());
            awaitCounter(next, 5);
            assertEquals(201, api.reserve(next + "-a", next, "buyer-a", 1).status());
            assertEquals("4", redis(r -> r.get(GateKeys.counter(new Sku(next)))), "the gate took the unit");
            assertTrue(exists(GateKeys.marker(new Sku(next), new IdempotencyKey(KeyOwner.CONFIGURED, next + "-a"))));
        } finally {
            if (!TestRedis.answers()) {
                TestRedis.start();
            }
            TestRedis.awaitGateInUse(api);
        }
    }

    @Test
    void scriptFlushMidSaleFailsNoReservation() throws Exception {
        Api api = new Api(base);
        int units = 200;
        String sku = Sales.openSku(api, units, 1, 600, "REFUSE");
        awaitCounter(sku, units);
        // A flush before every tenth reservation: the scripts vanish again and again while the
        // sale goes on, however fast or slow the machine.
        AtomicInteger flushes = new AtomicInteger();
        List<Api.Answer> answers = Crowd.run(16, ATTEMPTS_WHILE_FLUSHED, i -> {
            if (i % 10 == 0) {
                redis(Jedis::scriptFlush);
                flushes.incrementAndGet();
            }
            return api.reserve(sku + "-k-" + i, sku, "buyer-" + i, 1);
        });
        assertEquals(ATTEMPTS_WHILE_FLUSHED / 10, flushes.get(), "the scripts were flushed during the sale");

        assertEquals(units, answers.stream().filter(a -> a.status() == 201).count());
        assertEquals(ATTEMPTS_WHILE_FLUSHED - units, answers.stream().filter(a -> a.status() == 409).count(), "nothing else, no 5xx");
        assertEquals("0", redis(r -> r.get(GateKeys.counter(new Sku(sku)))), "every claim passed the gate");
        assertEquals(units, (int) redis(r -> r.keys(GateKeys.marker(new Sku(sku), new IdempotencyKey(KeyOwner.CONFIGURED, "*"))).size()), "one marker per held unit");
        assertTrue(StockCounts.of(sku).consistent());
    }

    @Test
    void reconciliationCorrectsAHighCounterAndALowOneWhenTheSecondRunSeesTheSameGap() {
        Api api = new Api(base);
        String high = Sales.openSku(api, 10, 1, 600, "REFUSE");
        String low = Sales.openSku(api, 10, 1, 600, "REFUSE");
        awaitCounter(high, 10);
        awaitCounter(low, 10);
        try {
            redis(r -> r.set(GateKeys.counter(new Sku(high)), "15"));
            redis(r -> r.set(GateKeys.counter(new Sku(low)), "7"));

            JsonObject first = runReconciliation(api);
            assertEquals(List.of("REDIS_HIGH", "WATCHED", "10", "15"), gapOf(first, high, "REDIS_HIGH"));
            assertEquals("15", redis(r -> r.get(GateKeys.counter(new Sku(high)))), "left alone on the first run");
            assertEquals(List.of("REDIS_LOW", "WATCHED", "10", "7"), gapOf(first, low, "REDIS_LOW"));
            assertEquals("7", redis(r -> r.get(GateKeys.counter(new Sku(low)))), "left alone on the first run");

            JsonObject second = runReconciliation(api);
            assertEquals(List.of("REDIS_LOW", "CORRECTED", "10", "7"), gapOf(second, low, "REDIS_LOW"));
            assertEquals("10", redis(r -> r.get(GateKeys.counter(new Sku(low)))));
            assertEquals(List.of("REDIS_HIGH", "ALERTED", "10", "15"), gapOf(second, high, "REDIS_HIGH"));
            assertEquals("10", redis(r -> r.get(GateKeys.counter(new Sku(high)))), "corrected, with an alert");

            JsonObject third = runReconciliation(api);
            assertEquals(List.of(), gapOf(third, high, "REDIS_HIGH"), "nothing left to say about the corrected ones");
            assertEquals(List.of(), gapOf(third, low, "REDIS_LOW"));

            JsonArray recent = api.adminGet("api/admin/reconciliation").jsonArray();
            assertEquals(third.getInt("id"), recent.getJsonObject(0).getInt("id"), "newest first");
            assertEquals(1, Db.scalar("SELECT count(*) FROM reconciliation_gap WHERE sku = ? AND action = 'ALERTED'", high));
        } finally {
            api.rebuildCounter(high);
            api.rebuildCounter(low);
        }
    }

    @Test
    void reconciliationRecordsAHandBrokenHeldCountAsABug() {
        Api api = new Api(base);
        String sku = Sales.openSku(api, 10, 1, 600, "REFUSE");
        assertEquals(201, api.reserve(sku + "-a", sku, "buyer-a", 1).status());
        Db.update("UPDATE stock_shard SET held = held + 2 WHERE sku = ? AND shard = 0", sku);
        try {
            JsonObject run = runReconciliation(api);

            assertEquals(List.of("LEDGER_BUG", "RECORDED", "3", "1"), gapOf(run, sku, "LEDGER_BUG"));
            assertEquals(1, Db.scalar("SELECT count(*) FROM reconciliation_gap WHERE sku = ? AND kind = 'LEDGER_BUG'", sku));
        } finally {
            Db.update("UPDATE stock_shard SET held = held - 2 WHERE sku = ? AND shard = 0", sku);
        }
    }

    @Test
    void aCounterCanBeRebuiltOnDemand() {
        Api api = new Api(base);
        String sku = Sales.openSku(api, 8, 1, 600, "REFUSE");
        awaitCounter(sku, 8);
        try {
            redis(r -> r.set(GateKeys.counter(new Sku(sku)), "3"));

            Api.Answer rebuilt = api.adminPostEmpty("api/admin/skus/" + sku + "/rebuild-counter");

            assertEquals(200, rebuilt.status(), rebuilt.toString());
            assertEquals(3, rebuilt.json().getInt("before"));
            assertEquals(8, rebuilt.json().getInt("available"));
            assertEquals("8", redis(r -> r.get(GateKeys.counter(new Sku(sku)))));
            assertEquals(404, api.adminPostEmpty("api/admin/skus/NO-SUCH-SKU/rebuild-counter").status());
            assertEquals(401, api.postEmpty("api/admin/skus/" + sku + "/rebuild-counter").status());
            assertNull(redis(r -> r.get(GateKeys.soldOut(new Sku(sku)))));
        } finally {
            api.rebuildCounter(sku);
        }
    }

    private static JsonObject runReconciliation(Api api) {
        Api.Answer run = api.adminPostEmpty("api/admin/reconciliation/run");
        assertEquals(200, run.status(), run.toString());
        assertTrue(run.json().getBoolean("redisChecked"), run.toString());
        return run.json();
    }

    /** kind, action, PostgreSQL's figure and the other one, of the run's gap of that kind for the SKU (empty if none). */
    private static List<String> gapOf(JsonObject run, String sku, String kind) {
        return run.getJsonArray("gaps").getValuesAs(JsonObject.class).stream()
                .filter(gap -> gap.getString("sku").equals(sku) && gap.getString("kind").equals(kind))
                .findFirst()
                .map(gap -> List.of(gap.getString("kind"), gap.getString("action"),
                        Integer.toString(gap.getInt("postgresValue")), Integer.toString(gap.getInt("otherValue"))))
                .orElse(List.of());
    }

    private static void awaitCounter(String sku, int expected) {
        TestRedis.awaitValue(GateKeys.counter(new Sku(sku)), Integer.toString(expected));
    }

    private static boolean exists(String key) {
        return redis(r -> r.exists(key));
    }

    /** One call on the tests' Redis; a Redis that does not answer fails the test. */
    private static <T> T redis(Function<Jedis, T> call) {
        try (Jedis redis = TestRedis.client()) {
            return call.apply(redis);
        }
    }
}
