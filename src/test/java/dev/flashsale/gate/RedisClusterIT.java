package dev.flashsale.gate;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.flashsale.gate.control.GateKeys;
import dev.flashsale.limits.control.SharedBuckets;
import dev.flashsale.limits.entity.Limit;
import dev.flashsale.limits.entity.TokenUse;
import dev.flashsale.platform.id.IdempotencyKey;
import dev.flashsale.platform.id.KeyOwner;
import dev.flashsale.platform.redis.RedisClient;
import dev.flashsale.platform.redis.RedisScripts;
import dev.flashsale.stock.entity.Sku;
import dev.flashsale.testsupport.Api;
import dev.flashsale.testsupport.ClusterNode;
import dev.flashsale.testsupport.Crowd;
import dev.flashsale.testsupport.Db;
import dev.flashsale.testsupport.Pause;
import dev.flashsale.testsupport.Sales;
import dev.flashsale.testsupport.StockCounts;
import dev.flashsale.testsupport.TestRedis;
import dev.flashsale.testsupport.TestRedisCluster;
import dev.flashsale.testsupport.history.FinalState;
import dev.flashsale.testsupport.history.History;
import dev.flashsale.testsupport.history.HistoryChecker;
import dev.flashsale.testsupport.history.Report;
import jakarta.json.JsonObject;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.logging.Logger;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.parallel.Isolated;
import redis.clients.jedis.Jedis;
import redis.clients.jedis.JedisCluster;

/**
 * The application on a Redis Cluster of three masters ({@code flashsale.redis.cluster-nodes}):
 * a node of its own beside the suite's ({@link ClusterNode}, on a database of its own). The signature scenario
 * sells exactly its units with the gate on the cluster, whose buckets are the rate limits'; the master owning
 * the SKU's slot killed mid-sale leaves the sale going on on PostgreSQL alone, with nothing
 * oversold and no 5xx but 503 with Retry-After, and the gate comes back once the master does.
 */
@Tag("cluster")
@Isolated("kills a master of the Redis Cluster, which the cluster's classes share")
class RedisClusterIT {

    private static final Logger LOG = Logger.getLogger(RedisClusterIT.class.getName());

    private static Api api;

    @BeforeAll
    static void startOnTheCluster() {
        api = new Api(ClusterNode.get().base());
        TestRedis.awaitGateInUse(api);
    }

    /** The node worked on every master as its ACL user, and no master refused it a command or a key. */
    @AfterAll
    static void noMasterRefusedTheApplicationsUser() {
        for (int port : TestRedisCluster.ports()) {
            try (Jedis master = new Jedis("127.0.0.1", port, 2000)) {
                List<String> refused = master.aclLog().stream()
                        .filter(entry -> TestRedis.applicationUser().equals(entry.getUsername()))
                        .map(entry -> entry.getReason() + " " + entry.getObject() + " (" + entry.getContext() + ")").toList();
                assertEquals(List.of(), refused, "the master on " + port + " refused the application");
                assertTrue(master.clientList().lines().noneMatch(client -> client.contains(" name=flashsale ")
                        && client.contains(" user=default ")), "the application logged in as itself on " + port);
            }
        }
    }

    @Test
    void theSignatureScenarioNeverOversellsThroughTheGateOnTheCluster() throws Exception {
        int units = 500;
        // Eight buyers per unit: a crowd far past the units, which the benchmark scales up.
        int attempts = 4_000;
        String sku = openOnTheGate("cluster", units);

        // Attempt i uses key k-i, except every 25th, which repeats the key (and body) of attempt i-1.
        History history = new History();
        List<Api.Answer> answers = Crowd.run(64, attempts, i -> {
            int keyOwner = (i % 25 == 24) ? i - 1 : i;
            return history.reserve(api, sku + "-k-" + keyOwner, sku, "buyer-" + keyOwner, 1);
        });
        Report report = HistoryChecker.check(history.ops(),
                FinalState.read(List.of(sku), RedisClusterIT::counterOnTheCluster, ClusterNode.database()));
        System.out.println("the signature scenario on a Redis Cluster: " + report);
        assertEquals(List.of(), report.anomalies(), report.toString());

        Map<Integer, Long> byStatus = statuses(answers);
        assertTrue(Set.of(200, 201, 409).containsAll(byStatus.keySet()), "only 201, 200 and 409: " + byStatus);
        assertEquals(units, byStatus.getOrDefault(201, 0L), "exactly one 201 per unit: " + byStatus);
        assertEquals(units, answers.stream().filter(a -> a.status() == 201).map(a -> a.json().getString("id")).distinct().count(),
                "every 201 is a different reservation");
        StockCounts counts = StockCounts.of(ClusterNode.database(), sku);
        assertEquals(units, counts.held(), "all units held, none twice");
        assertTrue(counts.consistent(), "counts = sums of reservations = sums of the ledger: " + counts);
        assertEquals(units, Db.scalar(ClusterNode.database(), "SELECT count(*) FROM reservation WHERE sku = ?", sku));

        try (JedisCluster cluster = TestRedisCluster.client()) {
            assertEquals("0", cluster.get(GateKeys.counter(new Sku(sku))), "the gate's counter on the cluster agrees with PostgreSQL");
            assertEquals("1", cluster.get(GateKeys.soldOut(new Sku(sku))), "sold out at the gate");
        }
        int owner = TestRedisCluster.ownerOf(GateKeys.counter(new Sku(sku)));
        try (Jedis master = new Jedis("127.0.0.1", owner, 2000)) {
            assertEquals(units, master.keys(GateKeys.marker(new Sku(sku), new IdempotencyKey(KeyOwner.CONFIGURED, "*"))).size(),
                    "every unit went through the gate, on the master owning the SKU's slot");
        }
        JsonObject gate = api.adminGet("api/admin/gate").json();
        assertTrue(gate.getBoolean("inUse"), "the gate stayed in use: " + gate);
    }

    /**
     * What another node counted in the cluster's buckets refuses here: the failed logins of a
     * user (ten a minute, a burst of 30), checked with the client address's bucket, on another
     * slot, in one call.
     */
    @Test
    void theRateLimitsAreTheClusters() {
        String user = "guessed-" + UUID.randomUUID();
        String guesser = "198.51.100." + (1 + (int) (Math.random() * 250));
        Limit perUser = Limit.perMinute("login-user", 10, 30);
        Limit perAddress = Limit.perMinute("login-address", 10, 10);
        RedisScripts scripts = new RedisScripts();
        scripts.load();
        RedisClient cluster = RedisClient.of("127.0.0.1", 0, TestRedisCluster.nodes(), 2000, 2);
        try {
            // The user's limit spent, and one failure lately from the guesser's address: a spent user
            // limit refuses only addresses that failed lately.
            assertEquals(0, scripts.run(cluster.commands(), "take_tokens", List.of(SharedBuckets.key(perUser, user)),
                    List.of(Long.toString(perUser.microsPerToken()), Integer.toString(perUser.burst()), "31",
                            TokenUse.COUNT.script())));
            assertEquals(0, scripts.run(cluster.commands(), "take_tokens", List.of(SharedBuckets.key(perAddress, guesser)),
                    List.of(Long.toString(perAddress.microsPerToken()), Integer.toString(perAddress.burst()), "1",
                            TokenUse.COUNT.script())));
        } finally {
            cluster.close();
        }

        Api.Answer refused = api.get("api/admin/sales", "Authorization", Api.basic(user, "some-password-1"), "X-Forwarded-For", guesser);
        assertEquals(429, refused.status(), "the user's bucket on the cluster is empty: " + refused);
        assertEquals("too-many-failed-logins", refused.problemType());
        Api.Answer unknown = api.get("api/admin/sales", "Authorization", Api.basic("other-" + user, "some-password-1"));
        assertEquals(401, unknown.status(), "another user is only unknown: " + unknown);
    }

    @Test
    void healthReportsEveryMasterAndTheWorstEvictionPolicy() {
        JsonObject data = databaseCheck().getJsonObject("data");
        assertEquals("up", data.getString("redis"));
        assertEquals("noeviction", data.getString("redisEvictionPolicy"));
        int master = TestRedisCluster.ports().get(1);
        try (Jedis one = new Jedis("127.0.0.1", master, 2000)) {
            one.configSet("maxmemory-policy", "allkeys-lru");
            try {
                assertEquals("allkeys-lru", databaseCheck().getJsonObject("data").getString("redisEvictionPolicy"),
                        "one master of three that may evict is reported");
            } finally {
                one.configSet("maxmemory-policy", "noeviction");
            }
        }
    }

    @Test
    void aMasterKilledMidSaleLeavesTheSaleGoingOnOnPostgresWithNothingOversold() throws Exception {
        int units = 300;
        int buyers = 3_000;
        String sku = openOnTheGate("killed", units);
        int owner = TestRedisCluster.ownerOf(GateKeys.counter(new Sku(sku)));
        long failuresBefore = api.adminGet("api/admin/gate").json().getJsonNumber("redisFailures").longValue();
        AtomicInteger started = new AtomicInteger();
        AtomicBoolean killed = new AtomicBoolean();
        AtomicLong slowest = new AtomicLong();
        AtomicLong heldAtKill = new AtomicLong();
        List<Api.Answer> everyAnswer = Collections.synchronizedList(new ArrayList<>());
        Instant begun = Instant.now();
        try {
            // Each buyer told to retry (503) does so with the same key, as the Retry-After says.
            History history = new History();
            List<Api.Answer> finals = Crowd.run(32, buyers, i -> {
                if (started.incrementAndGet() == 100 && killed.compareAndSet(false, true)) {
                    TestRedisCluster.kill(owner);
                    heldAtKill.set(StockCounts.of(ClusterNode.database(), sku).held());
                }
                Instant deadline = Instant.now().plusSeconds(60);
                while (true) {
                    long sent = System.nanoTime();
                    Api.Answer answer = history.reserve(api, sku + "-k-" + i, sku, "buyer-" + i, 1);
                    slowest.accumulateAndGet((System.nanoTime() - sent) / 1_000_000, Math::max);
                    everyAnswer.add(answer);
                    if (answer.status() != 503 || Instant.now().isAfter(deadline)) {
                        return answer;
                    }
                    Pause.millis(Long.parseLong(answer.header("Retry-After")) * 1000);
                }
            });
            Duration took = Duration.between(begun, Instant.now());

            Map<Integer, Long> byStatus = statuses(everyAnswer);
            LOG.info(() -> "Master on " + owner + " killed mid-sale with " + heldAtKill.get() + " of " + units
                    + " units held: " + everyAnswer.size() + " requests in "
                    + took.toMillis() + " ms, by status " + byStatus + ", slowest " + slowest.get() + " ms");
            assertTrue(killed.get());
            assertTrue(heldAtKill.get() < units, "the master died with units left to sell: " + heldAtKill.get());
            assertTrue(Set.of(200, 201, 409, 503).containsAll(byStatus.keySet()), "no 5xx but 503: " + byStatus);
            everyAnswer.stream().filter(a -> a.status() == 503).forEach(a -> {
                assertTrue(Set.of("service-unavailable", "busy").contains(a.problemType()), a.toString());
                assertTrue(a.header("Retry-After") != null, "503 with Retry-After: " + a);
            });
            everyAnswer.stream().filter(a -> a.status() == 409)
                    .forEach(a -> assertEquals("sold-out", a.problemType(), a.toString()));
            // A request may wait its turn in a SKU's line twice (flashsale.checkout.wait-ms, 4 s) and
            // then retry the cluster's new master: a slow answer, not a hung one, which the
            // client's 60 s would show.
            assertTrue(slowest.get() < 20_000, "no request hung on the dead master: the slowest took " + slowest.get() + " ms");
            assertTrue(finals.stream().allMatch(a -> a.status() == 201 || a.status() == 200 || a.status() == 409),
                    "every buyer got an answer: " + statuses(finals));

            Map<String, Long> reserved = new HashMap<>();
            finals.stream().filter(a -> a.status() == 201 || a.status() == 200)
                    .forEach(a -> reserved.merge(a.json().getString("id"), 1L, Long::sum));
            StockCounts counts = StockCounts.of(ClusterNode.database(), sku);
            assertTrue(counts.held() + counts.sold() <= counts.total(), "nothing oversold: " + counts);
            assertEquals(units, counts.held(), "the sale went on to the last unit on PostgreSQL alone: " + counts);
            assertTrue(counts.consistent(), counts.toString());
            assertEquals(counts.held(), reserved.size(), "every unit held is a reservation some buyer was given");
            assertEquals(reserved.size(), Db.scalar(ClusterNode.database(), "SELECT count(*) FROM reservation WHERE sku = ?", sku));

            JsonObject gate = api.adminGet("api/admin/gate").json();
            assertFalse(gate.getBoolean("inUse"), "the gate closed when the master died: " + gate);
            assertTrue(gate.getJsonNumber("redisFailures").longValue() > failuresBefore, "the failures were counted: " + gate);
            JsonObject health = databaseCheck();
            assertEquals("UP", health.getString("status"), "still ready: PostgreSQL sells alone");
            assertEquals("down", health.getJsonObject("data").getString("redis"), "a master is missing: " + health);

            // The master back, empty: the cluster is whole again, the counters are rebuilt, the gate is used again.
            TestRedisCluster.restart(owner);
            TestRedis.awaitGateInUse(api);
            awaitCounter(sku, "0");
            // The 503s of the requests caught by the master's death, each asked again after its Retry-After.
            Report report = HistoryChecker.check(history.ops(),
                    FinalState.read(List.of(sku), RedisClusterIT::counterOnTheCluster, ClusterNode.database()),
                    HistoryChecker.UNKNOWN_SHARE_MAX_UNDER_FAULT);
            System.out.println("a master killed mid-sale: " + report);
            assertEquals(List.of(), report.anomalies(), report.toString());
        } finally {
            if (killed.get() && !api.adminGet("api/admin/gate").json().getBoolean("inUse")) {
                TestRedisCluster.restart(owner);
                TestRedis.awaitGateInUse(api);
            }
        }
    }

    private static String counterOnTheCluster(String sku) {
        try (JedisCluster cluster = TestRedisCluster.client()) {
            return cluster.get(GateKeys.counter(new Sku(sku)));
        }
    }

    private static JsonObject databaseCheck() {
        Api.Answer ready = api.get("health/ready");
        return ready.json().getJsonArray("checks").getValuesAs(JsonObject.class).stream()
                .filter(check -> check.getString("name").equals("database")).findFirst()
                .orElseThrow(() -> new AssertionError("no check database in " + ready));
    }

    private static Map<Integer, Long> statuses(List<Api.Answer> answers) {
        synchronized (answers) {
            return answers.stream().collect(Collectors.groupingBy(Api.Answer::status, TreeMap::new, Collectors.counting()));
        }
    }

    /** A new SKU of {@code units} units, one per order, on sale, its counter loaded on the cluster. */
    private static String openOnTheGate(String prefix, int units) {
        String sku = Sales.uniqueSku(prefix);
        Sales.openSale(api, sku, units, 1, 600, "REFUSE", 1);
        awaitCounter(sku, Integer.toString(units));
        return sku;
    }

    /** Waits up to 20 s for the SKU's counter on the cluster to hold {@code expected}. */
    private static void awaitCounter(String sku, String expected) {
        Instant deadline = Instant.now().plusSeconds(20);
        String value = null;
        try (JedisCluster cluster = TestRedisCluster.client()) {
            while (Instant.now().isBefore(deadline)) {
                value = cluster.get(GateKeys.counter(new Sku(sku)));
                if (expected.equals(value)) {
                    return;
                }
                Pause.millis(50);
            }
        }
        throw new AssertionError("the counter of " + sku + " on the cluster did not become " + expected + " within 20 s, it is " + value);
    }
}
