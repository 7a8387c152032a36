package dev.flashsale.platform;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.flashsale.testsupport.Api;
import dev.flashsale.testsupport.Db;
import dev.flashsale.testsupport.PackagedNode;
import dev.flashsale.testsupport.Pause;
import dev.flashsale.testsupport.RawHttp;
import dev.flashsale.testsupport.Sales;
import dev.flashsale.testsupport.SecondNode;
import dev.flashsale.testsupport.StockCounts;
import dev.flashsale.testsupport.TestServer;
import jakarta.json.JsonObject;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.awaitility.Awaitility;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.parallel.Isolated;

/**
 * The packaged form an operator runs: payara/flashsale starting target/flashsale-micro.jar (the
 * uber-jar ./mvnw package builds) with settings from the environment and payara/pre-boot.asadmin and
 * post-boot.asadmin: the suite's {@link SecondNode}, beside the tests' server, on the same
 * PostgreSQL and Redis.
 */
@Tag("packaging")
@Isolated("runs the second node, whose sweeper and timers act on every sale")
class PackagedServerIT {

    /** More reserve transactions than the pool holds, each on its own (locked) stock row. */
    private static final int LOCKED_SKUS = SecondNode.POOL_MAX + 3;

    @Test
    void theLaunchScriptStartsTheUberJarReadyWithItsServerSettings() throws Exception {
        PackagedNode packaged = SecondNode.proxied();
        Api node = new Api(packaged.base());
        JsonObject warmup = check(node.get("health/ready").json(), "warmup").getJsonObject("data");
        assertEquals("done", warmup.getString("state"), "ready once warm: " + warmup);
        assertEquals(Integer.toString(SecondNode.WARMUP_REQUESTS), warmup.getString("requests"),
                "every warm-up request was sent before readiness: " + warmup);

        assertEquals(200, node.get("api/ping").status());
        assertEquals(401, node.get("metrics").status(), "the metrics need a credential on the packaged form too");
        String sku = Sales.openSku(new Api(TestServer.url()), 5, 1, 600, "REFUSE");
        Api.Answer reserved = node.reserve(sku + "-packaged", sku, "packaged-buyer", 1);
        assertEquals(201, reserved.status(), "the packaged node sells: " + reserved);
        assertEquals(1, StockCounts.of(sku).held());
        // HTTP/1.1 on a plain socket: the JDK client would speak HTTP/2, whose header limits are others.
        String padding = "p".repeat(12_000);
        try (RawHttp http = new RawHttp(packaged.base())) {
            assertEquals(200, http.get("api/ping", "X-Padding", padding), "the pre-boot header limit (16 KiB) applies");
        }
        assertTrue(refused(() -> {
            try (RawHttp http = new RawHttp(TestServer.url())) {
                return http.get("api/ping", "X-Padding", padding);
            }
        }), "the same headers are too large for a server on the defaults (8 KiB)");
        // The servlet container's requests: the storefront's door writes no access log (operations.md).
        Awaitility.await("the access log records the requests").atMost(Duration.ofSeconds(30))
                .until(() -> accessLogged(SecondNode.accessLogs(), "/metrics"));
        assertPoolBoundedBySettings(node);
        String log = packaged.log();
        assertTrue(log.contains("Boot Command set returned with result SUCCESS"), "the pre- and post-boot settings ran");
        // The listener's settings are applied before the boot: each start makes the listener once.
        long starts = 1 + log.lines().filter(line -> line.contains("did not answer its ping")).count();
        assertEquals(starts, log.lines().filter(line -> line.contains("Created HTTP listener")).count(),
                "the HTTP listener made once per start, never again for a setting");
        assertFalse(log.contains("returned with result FAILURE"), "every pre- and post-boot setting was applied");
    }

    /**
     * The pool keeps at least its least open while idle, and never more than its most; with each SKU's stock row locked from JDBC and
     * one buyer of each reserving through the packaged node, every reserve transaction holds its
     * connection while it waits for the lock (2 s, then 503 busy): PostgreSQL sees as many of them
     * waiting as the pool has connections, never more. With the default bounds (8 to 48) the node
     * keeps 8 open and all of them wait at once.
     */
    private static void assertPoolBoundedBySettings(Api node) throws Exception {
        long idle = connectionsOf("true");
        assertTrue(idle >= SecondNode.POOL_MIN && idle <= SecondNode.POOL_MAX, "at least the pool's least open, and no more than its most: " + idle);
        Api shared = new Api(TestServer.url());
        List<String> skus = new ArrayList<>();
        for (int i = 0; i < LOCKED_SKUS; i++) {
            skus.add(Sales.openSku(shared, 5, 1, 600, "REFUSE"));
        }
        long mostWaiting = 0;
        long mostOpen = 0;
        List<Api.Answer> answers = new ArrayList<>();
        try (Connection session = Db.connect()) {
            session.setAutoCommit(false);
            try (PreparedStatement lock = session.prepareStatement("SELECT 1 FROM stock_shard WHERE sku = ANY (?) FOR UPDATE")) {
                lock.setArray(1, session.createArrayOf("text", skus.toArray()));
                lock.executeQuery().close();
            }
            ExecutorService buyers = Executors.newFixedThreadPool(LOCKED_SKUS);
            try {
                List<Future<Api.Answer>> pending = new ArrayList<>();
                for (String sku : skus) {
                    pending.add(buyers.submit(() -> node.reserve(sku + "-pool", sku, "pool-buyer", 1)));
                }
                Instant until = Instant.now().plusSeconds(3);
                while (Instant.now().isBefore(until)) {
                    mostWaiting = Math.max(mostWaiting, connectionsOf("wait_event_type = 'Lock'"));
                    mostOpen = Math.max(mostOpen, connectionsOf("true"));
                    Pause.millis(20);
                }
                for (Future<Api.Answer> answer : pending) {
                    answers.add(answer.get(60, TimeUnit.SECONDS));
                }
            } finally {
                buyers.shutdownNow();
            }
            session.rollback();
        }
        assertEquals(SecondNode.POOL_MAX, mostWaiting, "as many reserve transactions at once as the pool has connections");
        assertTrue(mostOpen <= SecondNode.POOL_MAX, "the node never opened more than its bound: " + mostOpen);
        answers.forEach(answer -> assertEquals(503, answer.status(), "a locked row: busy, " + answer));
        for (String sku : skus) {
            assertEquals(0, Db.scalar("SELECT count(*) FROM reservation WHERE sku = ?", sku), "no 503 left a reservation");
        }
    }

    /** The packaged node's connections in PostgreSQL that match {@code condition}. */
    private static long connectionsOf(String condition) {
        return Db.scalar("SELECT count(*) FROM pg_stat_activity WHERE application_name = ? AND " + condition, SecondNode.APPLICATION_NAME);
    }

    private static boolean refused(java.util.function.IntSupplier request) {
        try {
            return request.getAsInt() >= 400;
        } catch (java.io.UncheckedIOException connectionClosed) {
            return true;
        }
    }

    private static JsonObject check(JsonObject health, String name) {
        return health.getJsonArray("checks").getValuesAs(JsonObject.class).stream()
                .filter(check -> name.equals(check.getString("name"))).findFirst()
                .orElseThrow(() -> new AssertionError("no check " + name + " in " + health));
    }

    private static boolean accessLogged(Path dir, String path) throws IOException {
        try (Stream<Path> files = Files.walk(dir)) {
            return files.filter(Files::isRegularFile).anyMatch(file -> contains(file, path));
        }
    }

    private static boolean contains(Path file, String text) {
        try {
            return Files.readString(file).contains(text);
        } catch (IOException unreadable) {
            return false;
        }
    }
}
