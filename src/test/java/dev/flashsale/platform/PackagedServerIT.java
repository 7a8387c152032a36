package dev.flashsale.platform;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.flashsale.testsupport.Api;
import dev.flashsale.testsupport.Db;
import dev.flashsale.testsupport.RawHttp;
import dev.flashsale.testsupport.Sales;
import dev.flashsale.testsupport.StockCounts;
import dev.flashsale.testsupport.TestRedis;
import dev.flashsale.testsupport.TestServer;
import jakarta.json.Json;
import jakarta.json.JsonObject;
import java.io.File;
import java.io.StringReader;
import java.net.URL;
import java.time.Duration;
import java.net.http.HttpResponse;
import java.net.http.HttpRequest;
import java.net.http.HttpClient;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The packaged form an operator runs: payara/flashsale starting target/flashsale-micro.jar (the
 * uber-jar ./mvnw package builds) with settings from the environment and payara/post-boot.asadmin,
 * as a second node beside the tests' server, on the same PostgreSQL and Redis.
 */
class PackagedServerIT {

    private static final String PACKAGED_NAME = "flashsale-it-packaged";
    /** The packaged node's pool, set through FLASHSALE_DB_MIN_POOL_SIZE and FLASHSALE_DB_MAX_POOL_SIZE. */
    private static final int POOL_MIN = 2;
    private static final int POOL_MAX = 4;
    /** More reserve transactions than the pool holds, each on its own (locked) stock row. */
    private static final int LOCKED_SKUS = POOL_MAX + 3;

    @Test
    void theLaunchScriptStartsTheUberJarReadyWithItsServerSettings() throws Exception {
        int port = TestServer.freePort();
        Path accessLogs = Files.createTempDirectory("flashsale-access");
        ProcessBuilder launch = new ProcessBuilder("payara/flashsale")
                .redirectErrorStream(true).redirectOutput(new File("target/payara-packaged.log"));
        Map<String, String> env = launch.environment();
        env.put("FLASHSALE_DB_URL", System.getProperty("it.db.url"));
        env.put("FLASHSALE_DB_USER", System.getProperty("it.db.user"));
        env.put("FLASHSALE_REDIS_PORT", Integer.toString(TestRedis.port()));
        env.put("FLASHSALE_HTTP_PORT", Integer.toString(port));
        env.put("FLASHSALE_STOREFRONT_API_KEY", Api.STOREFRONT_KEY);
        env.put("FLASHSALE_RECONCILIATION_INTERVAL_MS", "3600000");
        env.put("FLASHSALE_ACCESS_LOG_DIR", accessLogs.toString());
        env.put("FLASHSALE_JAVA_OPTS", "-Xmx512m -XX:+ExitOnOutOfMemoryError");
        // Twice the server's default, so that a request the default would refuse shows it was applied.
        env.put("FLASHSALE_HTTP_MAX_HEADER_BYTES", "16384");
        env.put("FLASHSALE_ACCESS_LOG_WRITE_SECONDS", "1");
        env.put("FLASHSALE_WARMUP_REQUESTS", "800");
        env.put("FLASHSALE_DB_APPLICATION_NAME", PACKAGED_NAME);
        env.put("FLASHSALE_DB_MIN_POOL_SIZE", Integer.toString(POOL_MIN));
        env.put("FLASHSALE_DB_MAX_POOL_SIZE", Integer.toString(POOL_MAX));
        // Payara Micro now and then comes up with its HTTP listener bound in the log yet refusing
        // every connection: the script's watchdog starts such a server again, here after 90 s
        // without the application's answer to its ping.
        env.put("FLASHSALE_START_SECONDS", "90");
        Process server = launch.start();
        try {
            Api node = new Api(new URL("http://localhost:" + port + "/"));
            JsonObject warmup = check(awaitReady(node.base().toURL(), server), "warmup").getJsonObject("data");
            assertEquals("done", warmup.getString("state"), "ready once warm: " + warmup);
            assertEquals("800", warmup.getString("requests"), "every warm-up request was sent before readiness: " + warmup);

            assertEquals(200, node.get("api/ping").status());
            assertEquals(401, node.get("metrics").status(), "the metrics need a credential on the packaged form too");
            String sku = Sales.openSku(new Api(TestServer.url()), 5, 1, 600, "REFUSE");
            Api.Answer reserved = node.reserve(sku + "-packaged", sku, "packaged-buyer", 1);
            assertEquals(201, reserved.status(), "the packaged node sells: " + reserved);
            assertEquals(1, StockCounts.of(sku).held());
            // HTTP/1.1 on a plain socket: the JDK client would speak HTTP/2, whose header limits are others.
            String padding = "p".repeat(12_000);
            try (RawHttp http = new RawHttp(new URL("http://localhost:" + port + "/"))) {
                assertEquals(200, http.get("api/ping", "X-Padding", padding), "the post-boot header limit (16 KiB) applies");
            }
            assertTrue(refused(() -> {
                try (RawHttp http = new RawHttp(TestServer.url())) {
                    return http.get("api/ping", "X-Padding", padding);
                }
            }), "the same headers are too large for a server on the defaults (8 KiB)");
            assertTrue(accessLogged(accessLogs, "/api/ping"), "the access log records the requests");
            assertPoolBoundedBySettings(node);
            String log = Files.readString(Path.of("target/payara-packaged.log"));
            assertTrue(log.contains("Boot Command set returned with result SUCCESS"), "the pre- and post-boot settings ran");
            // The listener's settings are applied before the boot: each start makes the listener once.
            long starts = 1 + log.lines().filter(line -> line.contains("did not answer its ping")).count();
            assertEquals(starts, log.lines().filter(line -> line.contains("Created HTTP listener")).count(),
                    "the HTTP listener made once per start, never again for a setting");
            assertFalse(log.contains("returned with result FAILURE"), "every pre- and post-boot setting was applied");
        } finally {
            server.descendants().forEach(ProcessHandle::destroy);
            server.destroy();
            assertTrue(server.waitFor(60, TimeUnit.SECONDS), "the launch script ends with the server");
            try (Stream<Path> files = Files.walk(accessLogs)) {
                files.sorted(java.util.Comparator.reverseOrder()).forEach(file -> file.toFile().delete());
            }
        }
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
        assertTrue(idle >= POOL_MIN && idle <= POOL_MAX, "at least the pool's least open, and no more than its most: " + idle);
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
                    Thread.sleep(20);
                }
                for (Future<Api.Answer> answer : pending) {
                    answers.add(answer.get(60, TimeUnit.SECONDS));
                }
            } finally {
                buyers.shutdownNow();
            }
            session.rollback();
        }
        assertEquals(POOL_MAX, mostWaiting, "as many reserve transactions at once as the pool has connections");
        assertTrue(mostOpen <= POOL_MAX, "the node never opened more than its bound: " + mostOpen);
        answers.forEach(answer -> assertEquals(503, answer.status(), "a locked row: busy, " + answer));
        for (String sku : skus) {
            assertEquals(0, Db.scalar("SELECT count(*) FROM reservation WHERE sku = ?", sku), "no 503 left a reservation");
        }
    }

    /** The packaged node's connections in PostgreSQL that match {@code condition}. */
    private static long connectionsOf(String condition) {
        return Db.scalar("SELECT count(*) FROM pg_stat_activity WHERE application_name = ? AND " + condition, PACKAGED_NAME);
    }

    private static boolean refused(java.util.function.IntSupplier request) {
        try {
            return request.getAsInt() >= 400;
        } catch (java.io.UncheckedIOException connectionClosed) {
            return true;
        }
    }

    /**
     * Asks for readiness every half second, each ask bounded by 10 s; a failure says what the last ask met.
     *
     * @return the readiness answer once it is UP
     */
    private static JsonObject awaitReady(URL base, Process server) throws Exception {
        HttpClient http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
                .connectTimeout(Duration.ofSeconds(5)).build();
        HttpRequest ready = HttpRequest.newBuilder(base.toURI().resolve("health/ready")).timeout(Duration.ofSeconds(10)).build();
        Instant deadline = Instant.now().plusSeconds(300);
        String last = "nothing yet";
        while (true) {
            assertTrue(server.isAlive(), () -> "the packaged server ended; " + startLog());
            String lastAsk = last;
            assertTrue(Instant.now().isBefore(deadline), () -> "not ready within 300 s (the last ask: " + lastAsk + "); " + startLog());
            try {
                HttpResponse<String> answer = http.send(ready, HttpResponse.BodyHandlers.ofString());
                if (answer.statusCode() == 200) {
                    return Json.createReader(new StringReader(answer.body())).readObject();
                }
                last = answer.statusCode() + " " + answer.body();
            } catch (IOException notListeningYet) {
                last = notListeningYet.toString(); // refused until the HTTP listener is up
            }
            Thread.sleep(500);
        }
    }

    /** What target/payara-packaged.log says of the server's starts and its listener, to tell a failed start's cause. */
    private static String startLog() {
        try (Stream<String> lines = Files.lines(Path.of("target/payara-packaged.log"))) {
            return "from target/payara-packaged.log:\n" + lines
                    .filter(line -> line.contains("flashsale:") || line.contains("Network Listener") || line.contains("HTTP listener")
                            || line.contains("Grizzly") || line.contains("deployed") || line.contains("SEVERE"))
                    .map(line -> line.length() > 300 ? line.substring(0, 300) : line)
                    .limit(40).collect(java.util.stream.Collectors.joining("\n"));
        } catch (IOException | java.io.UncheckedIOException unreadable) {
            return "target/payara-packaged.log unreadable: " + unreadable;
        }
    }

    private static JsonObject check(JsonObject health, String name) {
        return health.getJsonArray("checks").getValuesAs(JsonObject.class).stream()
                .filter(check -> name.equals(check.getString("name"))).findFirst()
                .orElseThrow(() -> new AssertionError("no check " + name + " in " + health));
    }

    private static boolean accessLogged(Path dir, String path) throws Exception {
        Instant deadline = Instant.now().plusSeconds(10);
        while (Instant.now().isBefore(deadline)) {
            try (Stream<Path> files = Files.walk(dir)) {
                if (files.filter(Files::isRegularFile).anyMatch(file -> contains(file, path))) {
                    return true;
                }
            }
            Thread.sleep(500);
        }
        return false;
    }

    private static boolean contains(Path file, String text) {
        try {
            return Files.readString(file).contains(text);
        } catch (java.io.IOException unreadable) {
            return false;
        }
    }
}
