package dev.flashsale.platform.health;

import static org.awaitility.Awaitility.await;
import static org.hamcrest.Matchers.equalTo;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.flashsale.testsupport.Api;
import dev.flashsale.testsupport.Metrics;
import dev.flashsale.testsupport.Sales;
import dev.flashsale.testsupport.TestPostgres;
import dev.flashsale.testsupport.TestRedis;
import dev.flashsale.testsupport.TestServer;
import jakarta.json.JsonObject;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.stream.Stream;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.parallel.Isolated;
import redis.clients.jedis.Jedis;

/**
 * The probes a load balancer or an orchestrator asks, without a credential: ready only with
 * PostgreSQL up and migrated (and still ready without Redis), live and started; each answer in
 * bounded time, and none telling more than up or down.
 */
@Tag("faults")
@Isolated("stops, pauses, slows or kills PostgreSQL, Redis or the second node, which every class shares")
class HealthIT {

    /**
     * A probe gives up on PostgreSQL after flashsale.health.timeout-ms (2 s) of wall time; a
     * machine five times slower adds well under a second of its own work to that. Below the
     * pool's wait for a connection (10 s, payara/data-source.asadmin), which an unbounded probe
     * would sit out.
     */
    private static final Duration NOT_READY_WITHIN = Duration.ofSeconds(8);

    private final Api anonymous = new Api(TestServer.url()).withStorefrontKey(null);

    @Test
    void readyWithPostgresMigratedAndRedisReportedLiveAndStarted() throws Exception {
        Api.Answer ready = anonymous.get("health/ready");
        assertEquals(200, ready.status(), ready.toString());
        JsonObject database = check(ready, "database");
        assertEquals("UP", database.getString("status"));
        JsonObject data = database.getJsonObject("data");
        assertEquals(newestMigration(), data.getString("schemaVersion"));
        assertEquals(newestMigration(), data.getString("expectedSchemaVersion"));
        assertEquals("up", data.getString("postgresql"));
        assertEquals("up", data.getString("redis"));
        assertEquals("noeviction", data.getString("redisEvictionPolicy"));
        assertFalse(ready.body().contains("jdbc:") || ready.body().contains("127.0.0.1"), "nothing sensitive: " + ready);

        assertEquals("UP", check(anonymous.get("health/live"), "threads").getString("status"));
        assertEquals("UP", check(anonymous.get("health/started"), "migrations").getString("status"));
    }

    /** A Redis that may evict keys would drop counters and sold-out flags: the probe says so (and the log warns). */
    @Test
    void aRedisThatMayEvictKeysIsReported() {
        try (Jedis redis = TestRedis.client()) {
            redis.configSet("maxmemory-policy", "allkeys-lru");
            try {
                Api.Answer ready = anonymous.get("health/ready");
                assertEquals(200, ready.status(), ready.toString());
                assertEquals("allkeys-lru", check(ready, "database").getJsonObject("data").getString("redisEvictionPolicy"));
            } finally {
                redis.configSet("maxmemory-policy", "noeviction");
            }
        }
    }

    /**
     * The gauges say what the gate is now; the state-change counters are the server's, so they
     * are read as having moved, never by how much (another test's outage moves them too).
     */
    @Test
    void withoutRedisStillReadyWithoutPostgresNotReadyInBoundedTime() throws Exception {
        Api api = new Api(TestServer.url());
        String sku = Sales.openSku(api, 5, 1, 600, "REFUSE");
        Metrics before = Metrics.read(api);
        TestRedis.stop();
        try {
            Api.Answer ready = anonymous.get("health/ready");
            assertEquals(200, ready.status(), "sells on PostgreSQL alone: " + ready);
            assertEquals("down", check(ready, "database").getJsonObject("data").getString("redis"));
            assertEquals(201, api.reserve(sku + "-a", sku, "buyer-a", 1).status(), "PostgreSQL alone sells");
            Metrics down = Metrics.read(api);
            assertEquals(0, down.value("flashsale_gate_open"), "the metrics show the gate closed");
            assertTrue(down.since(before, "flashsale_gate_state_changes_total{to=\"closed\"}") >= 1);
            assertTrue(down.since(before, "flashsale_redis_failures_total{component=\"gate\"}") >= 1);
        } finally {
            TestRedis.start();
            TestRedis.awaitGateInUse(api);
        }
        Metrics up = Metrics.read(api);
        assertEquals(1, up.value("flashsale_gate_open"));
        assertTrue(up.since(before, "flashsale_gate_state_changes_total{to=\"open\"}") >= 1, "reopened");

        TestPostgres.stop();
        try {
            Instant asked = Instant.now();
            Api.Answer notReady = anonymous.get("health/ready");
            Duration took = Duration.between(asked, Instant.now());
            assertEquals(503, notReady.status(), notReady.toString());
            JsonObject database = check(notReady, "database");
            assertEquals("DOWN", database.getString("status"));
            assertEquals("down", database.getJsonObject("data").getString("postgresql"));
            assertTrue(took.compareTo(NOT_READY_WITHIN) < 0, "answered in " + took.toMillis() + " ms");
            assertEquals(200, anonymous.get("health/live").status(), "a database down is no reason to restart");
        } finally {
            TestPostgres.start();
        }
        await("ready again once PostgreSQL is back").atMost(Duration.ofSeconds(60))
                .until(() -> anonymous.get("health/ready").status(), equalTo(200));
    }

    private static JsonObject check(Api.Answer answer, String name) {
        return answer.json().getJsonArray("checks").getValuesAs(JsonObject.class).stream()
                .filter(check -> check.getString("name").equals(name)).findFirst()
                .orElseThrow(() -> new AssertionError("no check " + name + " in " + answer));
    }

    /** The version of the newest file in db/migration, as Flyway records it (V006__... = "006"). */
    private static String newestMigration() throws Exception {
        try (Stream<Path> files = Files.list(Path.of("db/migration"))) {
            return files.map(file -> file.getFileName().toString()).filter(name -> name.matches("V\\d+__.*\\.sql"))
                    .map(name -> name.substring(1, name.indexOf("__")))
                    .max((a, b) -> Integer.compare(Integer.parseInt(a), Integer.parseInt(b))).orElseThrow();
        }
    }
}
