package dev.flashsale.testsupport;

import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.logging.Logger;
import java.util.stream.Stream;

/**
 * The application on Payara Micro, started once for all the integration tests of a run: by the
 * first test that asks for its {@link #url()}, and stopped when the run ends
 * ({@link TestServicesSession}) or the JVM exits. A test class that needs no server (or a unit
 * test) starts none. The server's output goes to target/payara-it.log. A test that needs a node
 * with other settings (another Redis, say) starts one more beside it with {@link #another}.
 */
public final class TestServer implements AutoCloseable {

    private static final Logger LOG = Logger.getLogger(TestServer.class.getName());
    private static final Duration STARTUP = Duration.ofSeconds(240);
    private static final Duration READY_GRACE = Duration.ofSeconds(15);

    private static final TestServer SHARED = new TestServer("it", Map.of());
    private static RuntimeException failure;

    private final String name;
    private final Path logFile;
    private final Map<String, String> otherSettings;
    private Process process;
    private Path rootDir;
    private URL url;

    private TestServer(String name, Map<String, String> otherSettings) {
        this.name = name;
        this.logFile = Path.of("target", "payara-" + name + ".log");
        this.otherSettings = Map.copyOf(otherSettings);
    }

    /** The application's base URL, e.g. {@code http://localhost:41234/}; starts the server on first use. */
    public static synchronized URL url() {
        if (failure != null) {
            throw new IllegalStateException("Payara Micro failed to start for an earlier test", failure);
        }
        if (SHARED.url == null) {
            try {
                SHARED.start();
            } catch (RuntimeException e) {
                failure = e;
                throw e;
            }
        }
        return SHARED.url;
    }

    /** Where the shared server writes its output (target/payara-it.log). */
    public static Path logFile() {
        return SHARED.logFile;
    }

    public static synchronized void stop() {
        SHARED.close();
    }

    /**
     * Starts one more server beside the shared one, on the same database, with the shared one's
     * settings and {@code otherSettings} (MicroProfile Config keys) on top; its output goes to
     * target/payara-{@code name}.log. Close it when done.
     */
    public static TestServer another(String name, Map<String, String> otherSettings) {
        TestServer server = new TestServer(name, otherSettings);
        server.start();
        return server;
    }

    /** This server's base URL. */
    public URL base() {
        return url;
    }

    /** Kills the server as a crash would (SIGKILL: no shutdown, its connections cut); then {@link #close()} it. */
    public synchronized void kill() {
        url = null;
        if (process != null) {
            process.destroyForcibly();
            try {
                process.waitFor(30, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            process = null;
        }
    }

    @Override
    public synchronized void close() {
        url = null;
        if (process != null) {
            process.destroy();
            try {
                if (!process.waitFor(30, TimeUnit.SECONDS)) {
                    process.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            process = null;
        }
        if (rootDir != null) {
            deleteTree(rootDir);
            rootDir = null;
        }
    }

    private void start() {
        String microJar = required("payara.microJar");
        if (!new File(microJar).isFile()) {
            throw new IllegalStateException("No Payara Micro at payara.microJar=" + microJar + ": run the tests with ./mvnw verify");
        }
        try {
            // A fresh root directory: reusing one makes Payara redeploy the previous WAR first.
            rootDir = Files.createTempDirectory("flashsale-it-payara");
            Files.createDirectories(logFile.getParent());
            int port = freePort();
            List<String> command = new ArrayList<>(List.of(javaCommand(), "-Xmx768m", QUICK_JIT,
                    // A server that runs out of heap leaves its heap behind, for the run to be read afterwards.
                    "-XX:+HeapDumpOnOutOfMemoryError", "-XX:HeapDumpPath=" + Path.of("target").toAbsolutePath()));
            Map<String, String> settings = applicationSettings();
            if (this != SHARED) {
                // Its own name in PostgreSQL, so that each server's pool gauges count its own connections.
                settings.put("flashsale.db.application-name", APPLICATION_NAME + "-" + name);
            }
            putStores(settings, otherSettings);
            settings.forEach((key, value) -> command.add("-D" + key + "=" + value));
            Path dataSource = DataSourceCommands.write(rootDir, MIN_POOL_SIZE, MAX_POOL_SIZE);
            command.addAll(List.of("-jar", microJar, "--deploy", Deployments.application(rootDir).toString(),
                    "--contextroot", "/", "--port", Integer.toString(port), "--nocluster",
                    "--prebootcommandfile", PreBootCommands.writeFixed(rootDir).toString(),
                    "--postbootcommandfile", dataSource.toString(),
                    "--rootdir", rootDir.resolve("payara").toString()));
            LOG.info(() -> "Starting the application on Payara Micro, port " + port + ", log in " + logFile);
            Instant started = Instant.now();
            Runtime.getRuntime().addShutdownHook(new Thread(this::close, "test-server-stop"));
            process = new ProcessBuilder(command).redirectErrorStream(true)
                    .redirectOutput(logFile.toFile()).start();
            URL base = new URL("http://localhost:" + port + "/");
            awaitApplication(base);
            url = base;
            LOG.info(() -> "The application answers at " + base + " after "
                    + Duration.between(started, Instant.now()).toSeconds() + " s");
        } catch (IOException e) {
            close();
            throw new UncheckedIOException("Cannot start Payara Micro", e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            close();
            throw new IllegalStateException("Interrupted while Payara Micro was starting", e);
        } catch (RuntimeException e) {
            close();
            throw e;
        }
    }

    /**
     * What the application reads through MicroProfile Config, as system properties. The sweeper
     * runs at the product's default, every second, so tests see it work (and race it) as buyers
     * do; the gate talks to the tests' own
     * Redis; reconciliation runs only when a test asks. The tests' own address is a trusted proxy,
     * so that a test can speak for other client addresses (X-Forwarded-For); the storefront
     * limits are wide enough for the tests' crowds, and {@code RateLimitIT} shows them at work.
     */
    /** The least PBKDF2 iterations the product takes (Passwords.LEAST_ITERATIONS). */
    public static final int PASSWORD_ITERATIONS = 10_000;
    /** The per-buyer limit the tests' server runs with. */
    public static final int BUYER_PER_SECOND = 20;
    public static final int BUYER_BURST = 200;
    /**
     * How long the tests' servers refuse a sold-out SKU from memory (the product's default is a
     * second): far longer than any test waits, so that a unit given back reaches a buyer in a test
     * only through its announcement (SoldOutMemoryTwoNodesIT).
     */
    public static final int SOLD_OUT_MEMORY_MS = 30_000;
    /**
     * The tests' servers compile with the JIT's first tier only: a test run is minutes of short
     * scenarios on two cores, where the optimising tier's compilations cost more time than its code
     * saves. The benchmark runs the servers as operators do.
     */
    static final String QUICK_JIT = "-XX:TieredStopAtLevel=1";
    /** The first wait after a failed webhook delivery on the tests' server (it doubles up to a second). */
    public static final long WEBHOOK_RETRY_BASE_MS = 200;
    /** The operator's webhook allow-list, and what the tests' servers put in it: where {@code WebhookReceiver} listens. */
    public static final String WEBHOOK_ALLOWED_TARGETS = "flashsale.webhooks.allowed-targets";
    public static final String WEBHOOK_RECEIVER_ADDRESS = "127.0.0.1";
    /** How the tests' server names its connections in PostgreSQL (pg_stat_activity). */
    public static final String APPLICATION_NAME = "flashsale-it";
    /** The tests' servers keep at least this many connections open each. */
    public static final int MIN_POOL_SIZE = 8;
    /** The tests' servers open at most this many connections each: not the launch script's 48, so that the pool's gauge shows the setting. */
    public static final int MAX_POOL_SIZE = 40;

    static Map<String, String> applicationSettings() {
        Map<String, String> settings = new LinkedHashMap<>();
        settings.put("flashsale.db.url", required("it.db.url"));
        required("it.db.user");
        // The application's own login, which owns the database and is no superuser (TestDatabase).
        settings.put("flashsale.db.user", TestDatabase.APPLICATION_ROLE);
        settings.put("flashsale.db.password", TestDatabase.APPLICATION_PASSWORD);
        settings.put("flashsale.db.application-name", APPLICATION_NAME);
        // The pool's bound as the application reports it; the pool itself takes it from the post-boot commands.
        settings.put("flashsale.db.max-pool-size", Integer.toString(MAX_POOL_SIZE));
        settings.put("flashsale.admin.user", Api.ADMIN_USER);
        settings.put("flashsale.admin.password", Api.ADMIN_PASSWORD);
        // Each hash would cost the first-tier JIT half a second of one of two cores: hundreds a run.
        settings.put("flashsale.admin.password-iterations", Integer.toString(PASSWORD_ITERATIONS));
        settings.put("flashsale.storefront.api-key", Api.STOREFRONT_KEY);
        settings.put("flashsale.room.token-key", Api.ROOM_TOKEN_KEY);
        settings.put("flashsale.console.secure-cookie", "false");
        settings.put("flashsale.redis.port", Integer.toString(TestRedis.port()));
        settings.putAll(TestRedis.applicationLogin());
        settings.put("flashsale.gate.recovery-interval-ms", "500");
        settings.put("flashsale.gate.sold-out-memory-ms", Integer.toString(SOLD_OUT_MEMORY_MS));
        settings.put("flashsale.reconciliation.interval-ms", "3600000");
        // Refusal counts in the sales' reports within half a second (SaleReportIT waits for them).
        settings.put("flashsale.reports.refusals-flush-ms", "500");
        // Webhooks retried within a second, not minutes: WebhooksIT watches a receiver refuse, then accept.
        settings.put("flashsale.webhooks.send-interval-ms", "200");
        settings.put("flashsale.webhooks.retry-base-ms", Long.toString(WEBHOOK_RETRY_BASE_MS));
        settings.put("flashsale.webhooks.retry-max-ms", "1000");
        settings.put("flashsale.http.trusted-proxies", "127.0.0.1,::1");
        // The tests' webhook receivers listen on this machine, an internal address the product refuses
        // by default: the operator's allow-list lets exactly their address through (WebhookTargetsIT
        // shows the rest of loopback refused here, and the default, set by a test hook, refusing it all).
        settings.put(WEBHOOK_ALLOWED_TARGETS, WEBHOOK_RECEIVER_ADDRESS);
        settings.put("flashsale.limits.buyer.per-second", Integer.toString(BUYER_PER_SECOND));
        settings.put("flashsale.limits.buyer.burst", Integer.toString(BUYER_BURST));
        settings.put("flashsale.limits.api-key.per-second", "100000");
        settings.put("flashsale.limits.api-key.burst", "100000");
        settings.put("flashsale.limits.address.per-second", "100000");
        settings.put("flashsale.limits.address.burst", "100000");
        // The test-only resources this WAR adds are no part of the product's API document.
        settings.put("mp.openapi.scan.exclude.packages", "dev.flashsale.testhooks,dev.flashsale.foil");
        return settings;
    }

    /**
     * Puts {@code stores} over {@code settings}: stores that name another Redis (a proxy, a
     * cluster, a campaign's) without a login of their own take the tests' Redis login away with
     * its address, and the application logs in there as the default user.
     */
    static void putStores(Map<String, String> settings, Map<String, String> stores) {
        boolean otherRedis = stores.keySet().stream().anyMatch(key -> key.equals("flashsale.redis.host")
                || key.equals("flashsale.redis.port") || key.equals("flashsale.redis.cluster-nodes"));
        if (otherRedis && !stores.containsKey("flashsale.redis.user")) {
            settings.keySet().removeAll(TestRedis.applicationLogin().keySet());
        }
        settings.putAll(stores);
    }

    private static String required(String property) {
        String value = System.getProperty(property);
        if (value == null) {
            throw new IllegalStateException("No " + property + ": run the tests with ./mvnw verify");
        }
        return value;
    }

    /**
     * Payara says "ready" even when the deployment failed, so only the application's own answer
     * counts; but an application still silent some seconds after that line will not answer.
     */
    private void awaitApplication(URL base) throws InterruptedException {
        Api api = new Api(base);
        Instant deadline = Instant.now().plus(STARTUP);
        while (Instant.now().isBefore(deadline)) {
            if (deadline.isAfter(Instant.now().plus(READY_GRACE)) && log().contains(") ready in ")) {
                deadline = Instant.now().plus(READY_GRACE);
            }
            try {
                if (api.get("api/ping").status() == 200) {
                    return;
                }
            } catch (UncheckedIOException notListeningYet) {
                // Payara is still starting.
            }
            if (process.waitFor(500, TimeUnit.MILLISECONDS)) {
                throw startFailed("Payara Micro exited with " + process.exitValue());
            }
        }
        throw startFailed("The application did not answer GET /api/ping (a failed deployment?)");
    }

    private IllegalStateException startFailed(String why) {
        return new IllegalStateException(why + "; the end of " + logFile + ":\n" + logTail(60));
    }

    private String logTail(int lines) {
        List<String> all = log().lines().toList();
        return String.join("\n", all.subList(Math.max(0, all.size() - lines), all.size()));
    }

    /** The server's output so far, read leniently: it may end in the middle of a character. */
    private String log() {
        try {
            return new String(Files.readAllBytes(logFile), StandardCharsets.UTF_8);
        } catch (IOException e) {
            return "(unreadable: " + e + ")";
        }
    }

    /**
     * A port no socket listens on, on any address: the kernel's pick, checked again on 127.0.0.1
     * without address reuse (a Redis Cluster bus listens on 127.0.0.1 only, with reuse, and a
     * server bound beside it would never see the tests' requests).
     */
    public static int freePort() throws IOException {
        for (int attempt = 0; attempt < 20; attempt++) {
            int port;
            try (ServerSocket socket = new ServerSocket(0)) {
                port = socket.getLocalPort();
            }
            try (ServerSocket loopback = new ServerSocket()) {
                loopback.setReuseAddress(false);
                loopback.bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), port));
                return port;
            } catch (IOException taken) {
                LOG.info(() -> "Port " + port + " is taken on 127.0.0.1; picking another");
            }
        }
        throw new IOException("No free port after 20 attempts");
    }

    private static String javaCommand() {
        return ProcessHandle.current().info().command()
                .orElse(Path.of(System.getProperty("java.home"), "bin", "java").toString());
    }

    private static void deleteTree(Path dir) {
        try (Stream<Path> files = Files.walk(dir)) {
            files.sorted(Comparator.reverseOrder()).forEach(file -> file.toFile().delete());
        } catch (IOException e) {
            LOG.warning(() -> "Could not remove " + dir + ": " + e);
        }
    }
}
