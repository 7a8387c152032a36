package dev.flashsale.testsupport;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.logging.Logger;
import org.awaitility.Awaitility;

/**
 * One start of the packaged form an operator runs: payara/flashsale launching
 * target/flashsale-micro.jar with its settings in the environment, as MicroProfile Config reads
 * them ({@code flashsale.db.url} as {@code FLASHSALE_DB_URL}). Its output goes to its own log.
 */
public final class PackagedNode implements AutoCloseable {

    private static final Logger LOG = Logger.getLogger(PackagedNode.class.getName());
    /** A machine five times slower than this one still starts within it (a start takes 20-60 s here). */
    private static final Duration STARTUP = Duration.ofSeconds(300);

    private final Process script;
    private final Path logFile;
    private final URL base;

    private PackagedNode(Process script, Path logFile, URL base) {
        this.script = script;
        this.logFile = logFile;
        this.base = base;
    }

    /**
     * Launches the node with {@code settings} (MicroProfile Config keys, or the launch script's own
     * {@code FLASHSALE_*} names) and waits until it says it is ready: after its warm-up, which
     * starts once the application answers its ping.
     */
    public static PackagedNode start(String name, Map<String, String> settings) {
        try {
            int port = TestServer.freePort();
            Path logFile = Path.of("target", "payara-" + name + ".log");
            ProcessBuilder launch = new ProcessBuilder("payara/flashsale").redirectErrorStream(true)
                    .redirectOutput(logFile.toFile());
            settings.forEach((key, value) -> launch.environment().put(environmentName(key), value));
            launch.environment().put("FLASHSALE_HTTP_PORT", Integer.toString(port));
            LOG.info(() -> "Starting the packaged node " + name + " on port " + port + ", log in " + logFile);
            PackagedNode node = new PackagedNode(launch.start(), logFile, new URL("http://localhost:" + port + "/"));
            node.awaitApplication();
            return node;
        } catch (IOException e) {
            throw new UncheckedIOException("Cannot launch payara/flashsale", e);
        }
    }

    /** MicroProfile Config's environment form of a key: every other character than a letter or digit becomes '_'. */
    static String environmentName(String key) {
        return key.replaceAll("[^A-Za-z0-9]", "_").toUpperCase(Locale.ROOT);
    }

    public URL base() {
        return base;
    }

    public Path logFile() {
        return logFile;
    }

    /** The node's output so far. */
    public String log() {
        try {
            return new String(Files.readAllBytes(logFile), StandardCharsets.UTF_8);
        } catch (IOException e) {
            return "(unreadable: " + e + ")";
        }
    }

    public boolean alive() {
        return script.isAlive();
    }

    /** A crash: the JVM and its launch script killed at once (SIGKILL), no shutdown, connections cut. */
    public void kill() {
        script.descendants().forEach(ProcessHandle::destroyForcibly);
        script.destroyForcibly();
        awaitEnd();
    }

    /** The operator's stop: TERM to the launch script, which stops the server. */
    @Override
    public void close() {
        script.destroy();
        if (!awaitEnd()) {
            kill();
        }
    }

    private boolean awaitEnd() {
        try {
            boolean ended = script.waitFor(60, TimeUnit.SECONDS);
            script.descendants().forEach(ProcessHandle::destroyForcibly);
            return ended;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }

    private void awaitApplication() {
        Api api = new Api(base);
        try {
            Awaitility.await("the packaged node's readiness").atMost(STARTUP).pollInterval(Duration.ofMillis(500))
                    .failFast("payara/flashsale ended", () -> !script.isAlive())
                    .ignoreException(UncheckedIOException.class) // refused until the listener is up
                    .until(() -> api.get("health/ready").status() == 200);
        } catch (RuntimeException e) {
            kill();
            throw new IllegalStateException("The packaged node did not start; the end of " + logFile + ":\n" + tail(), e);
        }
    }

    private String tail() {
        var lines = log().lines().toList();
        return String.join("\n", lines.subList(Math.max(0, lines.size() - 60), lines.size()));
    }
}
