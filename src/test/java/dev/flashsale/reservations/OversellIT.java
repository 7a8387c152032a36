package dev.flashsale.reservations;

import dev.flashsale.platform.id.IdempotencyKey;
import dev.flashsale.platform.id.KeyOwner;
import dev.flashsale.stock.entity.Sku;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.flashsale.foil.NaiveCheckout;
import dev.flashsale.gate.control.GateKeys;
import dev.flashsale.testsupport.Api;
import dev.flashsale.testsupport.Crowd;
import dev.flashsale.testsupport.Db;
import dev.flashsale.testsupport.Sales;
import dev.flashsale.testsupport.StockCounts;
import dev.flashsale.testsupport.TestRedis;
import dev.flashsale.testsupport.TestServer;
import dev.flashsale.testsupport.history.Anomaly;
import dev.flashsale.testsupport.history.FinalState;
import dev.flashsale.testsupport.history.History;
import dev.flashsale.testsupport.history.HistoryChecker;
import dev.flashsale.testsupport.history.Op;
import dev.flashsale.testsupport.history.Report;
import jakarta.json.JsonObject;
import java.net.URL;
import java.util.HashMap;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.parallel.Isolated;
import redis.clients.jedis.Jedis;

/**
 * The product's promise under the seed scenario's shape (its full load is the benchmark's): 500
 * units, 2,000 reserve attempts from 64 clients at once through HTTP with the Redis gate on,
 * every 25th attempt a retry of an earlier key. Exactly 500 units are held, nothing answers 5xx,
 * and the counts, the reservations and the ledger agree. The naive read-then-write checkout,
 * under the same load, oversells: proof that this load would catch the mistake.
 */
@Tag("core")
@Isolated("64 threads at once; scans every Redis key; its naive foil")
class OversellIT {

    private static final int UNITS = 500;
    private static final int CLIENTS = 64;
    private static final int ATTEMPTS = 2_000;
    private static final int RETRY_EVERY = 25;

    private final URL base = TestServer.url();

    @Test
    void twoThousandBuyersNeverOversellFiveHundredUnits() throws Exception {
        signatureScenario(1);
    }

    @Test
    void twoThousandBuyersNeverOversellFiveHundredUnitsSpreadOverTenShards() throws Exception {
        Api api = new Api(base);
        long groupsBefore = api.adminGet("api/admin/checkout-groups").json().getJsonNumber("groups").longValue();
        String sku = signatureScenario(10);
        long groups = api.adminGet("api/admin/checkout-groups").json().getJsonNumber("groups").longValue() - groupsBefore;
        assertTrue(groups > 0, "the shards' lines reserved in groups");
        assertEquals(0, StockCounts.inconsistentShards(sku), "every shard agrees with its reservations and ledger");
        assertEquals(10, Db.scalar("SELECT count(*) FROM stock_shard WHERE sku = ?", sku));
        assertEquals(UNITS, Db.scalar("SELECT sum(total) FROM stock_shard WHERE sku = ?", sku), "units only move between shards");
        assertTrue(Db.scalar("SELECT count(DISTINCT shard) FROM reservation WHERE sku = ?", sku) > 1,
                "the claims were spread over the shards");
    }

    private String signatureScenario(int shards) throws Exception {
        Api api = new Api(base);
        String sku = Sales.uniqueSku("sig" + shards);
        Sales.openSale(api, sku, UNITS, 1, 600, "REFUSE", shards);
        TestRedis.awaitValue(GateKeys.counter(new Sku(sku)), Integer.toString(UNITS)); // the gate is on

        // Attempt i uses key k-i, except every RETRY_EVERY-th, which repeats the key (and body) of attempt i-1.
        History history = new History();
        List<Api.Answer> answers = Crowd.run(CLIENTS, ATTEMPTS, i -> {
            int keyOwner = (i % RETRY_EVERY == RETRY_EVERY - 1) ? i - 1 : i;
            return history.reserve(api, sku + "-k-" + keyOwner, sku, "buyer-" + keyOwner, 1);
        });
        FinalState.awaitSettled(List.of(sku), Duration.ofSeconds(10));
        Report report = HistoryChecker.check(history.ops(), FinalState.read(List.of(sku)));
        System.out.println("signature scenario, " + shards + " shard(s): " + report);
        assertEquals(List.of(), report.anomalies(), report.toString());
        assertEquals(ATTEMPTS, report.figure("ok") + report.figure("refused"), "no unknown outcome: " + report);

        Map<Integer, Long> byStatus = answers.stream()
                .collect(Collectors.groupingBy(Api.Answer::status, TreeMap::new, Collectors.counting()));
        assertEquals(Set.of(), answers.stream().filter(a -> a.status() >= 500).map(Api.Answer::toString)
                .limit(3).collect(Collectors.toSet()), "no 5xx answers " + byStatus);
        assertTrue(Set.of(200, 201, 409).containsAll(byStatus.keySet()), "only 201, 200 and 409: " + byStatus);
        assertEquals(UNITS, byStatus.getOrDefault(201, 0L), "exactly one 201 per unit: " + byStatus);
        answers.stream().filter(a -> a.status() == 409)
                .forEach(a -> assertEquals("sold-out", a.problemType(), a.toString()));

        Map<String, Integer> createdIds = new HashMap<>();
        answers.stream().filter(a -> a.status() == 201)
                .forEach(a -> createdIds.merge(a.json().getString("id"), 1, Integer::sum));
        assertEquals(UNITS, createdIds.size(), "every 201 is a different reservation");
        answers.stream().filter(a -> a.status() == 200)
                .forEach(a -> assertTrue(createdIds.containsKey(a.json().getString("id")),
                        "a replay returns a reservation created by its first attempt: " + a));

        StockCounts counts = StockCounts.of(sku);
        assertEquals(UNITS, counts.held(), "all units held");
        assertEquals(0, counts.sold());
        assertTrue(counts.consistent(), "counts = sums of reservations = sums of the ledger: " + counts);
        assertEquals(UNITS, Db.scalar("SELECT count(*) FROM reservation WHERE sku = ?", sku));
        assertEquals(UNITS, Db.scalar("SELECT count(*) FROM stock_movement WHERE sku = ? AND kind = 'CLAIM'", sku));
        assertEquals(0, Db.scalar("SELECT count(*) FROM reservation r WHERE sku = ? AND"
                + " (SELECT count(*) FROM stock_movement m WHERE m.reservation_id = r.id) <> 1", sku),
                "every reservation has exactly one ledger row");
        assertEquals(UNITS, api.stock(sku).json().getInt("held"));
        assertEquals(0, api.stock(sku).json().getInt("available"));
        try (Jedis redis = TestRedis.client()) {
            assertEquals("0", redis.get(GateKeys.counter(new Sku(sku))), "the gate's counter agrees with PostgreSQL");
            assertEquals(UNITS, redis.keys(GateKeys.marker(new Sku(sku), new IdempotencyKey(KeyOwner.CONFIGURED, "*"))).size(), "every unit went through the gate");
        }
        return sku;
    }

    @Test
    void aMultiUnitOrderIsServedWhileEnoughUnitsRemainSpreadThinOverShards() {
        Api api = new Api(base);
        String sku = Sales.uniqueSku("thin");
        Sales.openSale(api, sku, 10, 3, 600, "REFUSE", 10); // one unit on each of ten shards

        for (int order = 1; order <= 3; order++) {
            Api.Answer three = api.reserve(sku + "-three-" + order, sku, "buyer-" + order, 3);
            assertEquals(201, three.status(), "no shard has 3 units, the SKU has " + (13 - 3 * order) + ": " + three);
        }
        Api.Answer two = api.reserve(sku + "-two", sku, "buyer-two", 2);
        assertEquals(409, two.status(), "one unit left: " + two);
        assertEquals("sold-out", two.problemType());
        assertEquals(201, api.reserve(sku + "-last", sku, "buyer-last", 1).status(), "the last unit is sold too");
        assertEquals(409, api.reserve(sku + "-none", sku, "buyer-none", 1).status());

        StockCounts counts = StockCounts.of(sku);
        assertEquals(10, counts.held());
        assertEquals(10, counts.total());
        assertTrue(counts.consistent(), counts.toString());
        assertEquals(0, StockCounts.inconsistentShards(sku));
        assertEquals(0, api.stock(sku).json().getInt("available"));
        assertEquals(10, api.stock(sku).json().getInt("shards"));
    }

    @Test
    void demandAboveSupplyInOrdersOfOneToThreeUnitsSellsEveryLastUnitOfTenShards() throws Exception {
        Api api = new Api(base);
        String sku = Sales.uniqueSku("endgame");
        int units = 150;
        Sales.openSale(api, sku, units, 3, 600, "REFUSE", 10);

        // 750 orders of 1, 2 or 3 units: about ten times the supply.
        List<Api.Answer> answers = Crowd.run(CLIENTS, 750, i -> api.reserve(sku + "-end-" + i, sku, "buyer-" + i, 1 + i % 3));

        assertTrue(answers.stream().allMatch(a -> a.status() == 201 || a.status() == 409), "only 201 and 409: "
                + answers.stream().filter(a -> a.status() != 201 && a.status() != 409).limit(3).toList());
        long unitsTaken = answers.stream().filter(a -> a.status() == 201).mapToLong(a -> a.json().getInt("qty")).sum();
        assertEquals(units, unitsTaken, "every unit sold, none twice");
        StockCounts.assertEveryUnitHeld(sku, units);

        // Raising a sharded SKU spreads the new units; lowering takes only free ones.
        String saleId = Db.text("SELECT CAST(sale_id AS text) FROM stock WHERE sku = ?", sku);
        String sale = "{\"name\":\"Sale of " + sku + "\",\"maxPerOrder\":3,\"items\":[{\"sku\":\"" + sku
                + "\",\"units\":%d}]}";
        String admin = Api.basic(Api.ADMIN_USER, Api.ADMIN_PASSWORD);
        assertEquals(200, api.put("api/admin/sales/" + saleId, sale.formatted(units + 25), "Authorization", admin).status());
        assertEquals(25, api.stock(sku).json().getInt("available"));
        assertEquals(2, Db.scalar("SELECT min(total - held - sold) FROM stock_shard WHERE sku = ?", sku),
                "25 new units over 10 shards: 2 or 3 each");
        assertEquals(409, api.put("api/admin/sales/" + saleId, sale.formatted(units - 1), "Authorization", admin).status());
        assertEquals(200, api.put("api/admin/sales/" + saleId, sale.formatted(units + 4), "Authorization", admin).status());
        assertEquals(4, api.stock(sku).json().getInt("available"));
        assertEquals(0, StockCounts.inconsistentShards(sku));
    }

    @Test
    void reservationsArrivingTogetherShareTransactionsAndSellEveryUnitOfOneRowWhenTheGateLetsAllThrough() throws Exception {
        Api api = new Api(base);
        String sku = Sales.uniqueSku("group");
        int units = 150;
        Sales.openSale(api, sku, units, 3, 600, "REFUSE", 1);
        TestRedis.awaitValue(GateKeys.counter(new Sku(sku)), Integer.toString(units));
        try {
            try (Jedis redis = TestRedis.client()) {
                redis.set(GateKeys.counter(new Sku(sku)), "1000000"); // the gate lets every order through: PostgreSQL alone decides
            }
            JsonObject before = api.adminGet("api/admin/checkout-groups").json();

            // 750 orders of 1, 2 or 3 units at once on one stock row: about ten times the supply.
            List<Api.Answer> answers = Crowd.run(CLIENTS, 750, i -> api.reserve(sku + "-g-" + i, sku, "buyer-" + i, 1 + i % 3));

            JsonObject after = api.adminGet("api/admin/checkout-groups").json();
            long groups = after.getJsonNumber("groups").longValue() - before.getJsonNumber("groups").longValue();
            long grouped = after.getJsonNumber("requests").longValue() - before.getJsonNumber("requests").longValue();
            assertTrue(groups > 0 && grouped > groups, "reservations shared transactions: " + grouped + " in " + groups + " groups");
            assertTrue(answers.stream().allMatch(a -> a.status() == 201 || a.status() == 409 && "sold-out".equals(a.problemType())),
                    "only 201 and 409 sold-out: " + answers.stream().filter(a -> a.status() != 201).filter(
                            a -> a.status() != 409 || !"sold-out".equals(a.problemType())).limit(3).toList());
            long unitsTaken = answers.stream().filter(a -> a.status() == 201).mapToLong(a -> a.json().getInt("qty")).sum();
            assertEquals(units, unitsTaken, "every unit sold, none twice");
            StockCounts counts = StockCounts.of(sku);
            assertEquals(units, counts.held());
            assertTrue(counts.consistent(), counts.toString());
            assertEquals(0, api.stock(sku).json().getInt("available"), "nothing stranded");
            assertEquals(0, Db.scalar("SELECT count(*) FROM reservation r WHERE sku = ? AND"
                    + " (SELECT count(*) FROM stock_movement m WHERE m.reservation_id = r.id) <> 1", sku),
                    "every reservation has exactly one ledger row");
        } finally {
            api.rebuildCounter(sku);
        }
    }

    @Test
    void keysAndBuyersWithQuotesCommasBracesAndBackslashesAreStoredAsSent() {
        Api api = new Api(base);
        String sku = Sales.openSku(api, 10, 1, 600, "REFUSE");
        String key = sku + "-\"a\",{b}\\c";
        String buyer = "buyer \"ü\", {x}\\y";

        Api.Answer created = api.reserve(key, sku, buyer, 1);
        Api.Answer replayed = api.reserve(key, sku, buyer, 1);

        assertEquals(201, created.status(), created.toString());
        assertEquals(buyer, created.json().getString("buyerId"));
        assertEquals(200, replayed.status(), replayed.toString());
        assertEquals(created.json().getString("id"), replayed.json().getString("id"));
        assertEquals(1, Db.scalar("SELECT count(*) FROM reservation WHERE idempotency_key = ? AND buyer_id = ?", key, buyer));
    }

    @Test
    void oneKeySentForTwoSkusAtOnceReservesOnceAndTheOtherRequestIsToldTheKeyIsTaken() throws Exception {
        Api api = new Api(base);
        String first = Sales.openSku(api, 1_000, 1, 600, "REFUSE");
        String second = Sales.openSku(api, 1_000, 1, 600, "REFUSE");
        int keys = 400;
        long retriedBefore = api.adminGet("api/admin/checkout-groups").json().getJsonNumber("retried").longValue();

        // Request 2k goes to the first SKU, 2k+1 to the second, both under key k: the two groups
        // of the two SKUs race for the same keys.
        List<Api.Answer> answers = Crowd.run(CLIENTS, 2 * keys, i -> {
            String sku = i % 2 == 0 ? first : second;
            return api.reserve(first + "-twice-" + i / 2, sku, "buyer-" + i / 2, 1);
        });

        Map<Integer, Long> byStatus = answers.stream()
                .collect(Collectors.groupingBy(Api.Answer::status, TreeMap::new, Collectors.counting()));
        assertEquals(Map.of(201, (long) keys, 422, (long) keys), byStatus, "one reservation per key: " + byStatus);
        answers.stream().filter(a -> a.status() == 422)
                .forEach(a -> assertEquals("idempotency-key-reused", a.problemType(), a.toString()));
        assertEquals(keys, Db.scalar("SELECT count(*) FROM reservation WHERE sku IN (?, ?)", first, second));
        for (String sku : List.of(first, second)) {
            StockCounts counts = StockCounts.of(sku);
            assertTrue(counts.consistent(), counts.toString());
            assertEquals(1_000 - counts.held(), api.stock(sku).json().getInt("available"));
        }
        assertEquals(keys, StockCounts.of(first).held() + StockCounts.of(second).held(), "one unit per key");
        long retried = api.adminGet("api/admin/checkout-groups").json().getJsonNumber("retried").longValue() - retriedBefore;
        assertTrue(retried > 0, "the two SKUs' groups met each other's keys, rolled back, and were tried again");
    }

    @Test
    void theNaiveReadThenWriteCheckoutOversellsUnderTheSameLoad() throws Exception {
        Api api = new Api(base);
        String sku = Sales.openSku(api, UNITS, 1, 600, "REFUSE");

        try {
            // Same clients, same attempts, same requests; the crowd stops early once the oversell is
            // certain (every unit handed out, plus 100), which saves minutes of pointless writes.
            AtomicInteger handedOut = new AtomicInteger();
            History history = new History();
            List<Api.Answer> answers = Crowd.run(CLIENTS, ATTEMPTS, i -> {
                String key = sku + "-naive-" + i;
                Api.Answer answer = history.record(Op.Kind.RESERVE, key, sku, "buyer-" + i, 1, null,
                        () -> api.post("api/test/naive-reservations", Api.reserveBody(sku, "buyer-" + i, 1),
                                "Idempotency-Key", key));
                if (answer.status() == 201) {
                    handedOut.incrementAndGet();
                }
                return answer;
            }, () -> handedOut.get() > UNITS + 100);
            Report report = HistoryChecker.check(history.ops(), FinalState.read(List.of(sku)));
            System.out.println("the naive checkout: " + report);
            assertTrue(report.has(Anomaly.Kind.OVERSOLD), "the checker sees the oversell: " + report);

            long taken = answers.stream().filter(a -> a.status() == 201).count();
            long reservedUnits = Db.scalar("SELECT coalesce(sum(qty), 0) FROM reservation WHERE sku = ?", sku);
            assertEquals(taken, reservedUnits);
            assertTrue(reservedUnits > UNITS, "the naive checkout handed out " + reservedUnits + " units of " + UNITS
                    + ": if it stopped overselling, this load is too weak to prove anything");
        } finally {
            // The foil wrote holds without ledger rows and a held count by hand: take them away, so
            // that the SKU is consistent again for the sweeper and for reconciliation runs.
            Db.update("DELETE FROM reservation WHERE sku = ?", sku);
            Db.update("UPDATE stock_shard SET held = 0 WHERE sku = ?", sku);
        }
    }

    @Test
    void retriesOfOneKeyInParallelTakeOneUnit() throws Exception {
        Api api = new Api(base);
        String sku = Sales.openSku(api, 10, 1, 600, "REFUSE");

        List<Api.Answer> answers = Crowd.run(32, 32, i -> api.reserve(sku + "-same-key", sku, "buyer-1", 1));

        assertEquals(1, answers.stream().filter(a -> a.status() == 201).count(), answers.toString());
        assertEquals(31, answers.stream().filter(a -> a.status() == 200).count(), answers.toString());
        assertEquals(1, answers.stream().map(a -> a.json().getString("id")).distinct().count(), "one reservation");
        assertEquals(1, StockCounts.of(sku).held());
        assertEquals(9, api.stock(sku).json().getInt("available"));
    }
}
