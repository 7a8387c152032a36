package dev.flashsale.testsupport;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The suite's second node, started once for every test that needs two: the packaged form an
 * operator runs (payara/flashsale with the uber-jar, its settings in the environment), beside the
 * tests' own server, on the same PostgreSQL and Redis, each reached through a {@link FaultProxy}
 * so that a test can slow, freeze or cut this node alone.
 *
 * <p>A test that kills it leaves it down: the next {@link #proxied()} starts it again. The class
 * that kills it comes last of those that use it in the suite's order, so that the suite starts
 * Payara three times: the tests' server, this node, and the {@link ClusterNode}.
 */
public final class SecondNode {

    /** How the node names its connections in PostgreSQL (pg_stat_activity). */
    public static final String APPLICATION_NAME = "flashsale-it-packaged";
    /** The node's pool (FLASHSALE_DB_MIN_POOL_SIZE and FLASHSALE_DB_MAX_POOL_SIZE), not the launch script's 8 and 48. */
    public static final int POOL_MIN = 2;
    public static final int POOL_MAX = 8;
    /** The header limit the launch script sets (FLASHSALE_HTTP_MAX_HEADER_BYTES), twice the server's default. */
    public static final int MAX_HEADER_BYTES = 16_384;
    /**
     * How often the node reads the rooms again by itself (FLASHSALE_ROOM_DIRECTORY_REFRESH_MS): ten
     * minutes, longer than the suite, so that a room changed on the tests' server reaches this
     * node only through its announcement in Redis, as the two-node room tests rely on.
     */
    public static final long ROOM_DIRECTORY_REFRESH_MS = 600_000;
    /** Requests the node sends itself before it says it is ready (FLASHSALE_WARMUP_REQUESTS). */
    public static final int WARMUP_REQUESTS = 800;

    private static FaultProxy postgres;
    private static FaultProxy redis;
    private static final NodeSlot NODE = new NodeSlot("second");

    private SecondNode() {
    }

    /**
     * The node on the tests' PostgreSQL and Redis through the proxies; started on first use. An
     * earlier test's fault (PostgreSQL restarted, Redis paused) reaches this node too: it is handed
     * out once it is ready and uses its gate again.
     */
    public static synchronized PackagedNode proxied() {
        PackagedNode node = NODE.ready(() -> PackagedNode.start("second", settings(proxiedStores())));
        TestRedis.awaitGateInUse(new Api(node.base()));
        return node;
    }

    /**
     * Begins starting the proxied node on a thread of its own, so that its start (half a minute or
     * more) overlaps the tests that run before the first one that needs it ({@link EarlyStarts}).
     */
    public static synchronized void startEarly() {
        Map<String, String> settings = settings(proxiedStores());
        NODE.startEarly(() -> PackagedNode.start("second", settings));
    }

    /** The proxy between the node and PostgreSQL. */
    public static synchronized FaultProxy postgres() {
        proxied();
        return postgres;
    }

    /** The proxy between the node and Redis. */
    public static synchronized FaultProxy redis() {
        proxied();
        return redis;
    }

    /** Where the node writes its access log. */
    public static synchronized Path accessLogs() {
        proxied();
        return AccessLogs.DIR;
    }

    /** Kills the node as a crash would; the next {@link #proxied()} starts it again. */
    public static synchronized void kill() {
        NODE.kill();
    }

    /**
     * Stops the node, if it runs, for a test that must be the only node at work (the one that
     * sweeps a hold, or sends a webhook); the next {@link #proxied()} starts it again. In the
     * suite's order no such test runs while the node is up, and this does nothing; in a shuffled
     * order it costs a start.
     */
    public static synchronized void standDown() {
        NODE.stop();
    }

    /** Stops the node and its proxies, at the end of the run. */
    public static synchronized void stop() {
        standDown();
        if (postgres != null) {
            postgres.close();
            redis.close();
            postgres = null;
            redis = null;
        }
    }

    private static Map<String, String> proxiedStores() {
        if (postgres == null) {
            String url = System.getProperty("it.db.url");
            Matcher hostPort = Pattern.compile("//[^/:]+:(\\d+)/").matcher(url);
            postgres = FaultProxy.to("127.0.0.1", hostPort.find() ? Integer.parseInt(hostPort.group(1)) : 5432);
            redis = FaultProxy.to("127.0.0.1", TestRedis.port());
        }
        Map<String, String> stores = new LinkedHashMap<>();
        stores.put("flashsale.db.url", System.getProperty("it.db.url").replaceFirst("//[^/]+/", "//127.0.0.1:" + postgres.port() + "/"));
        stores.put("flashsale.redis.host", "127.0.0.1");
        stores.put("flashsale.redis.port", Integer.toString(redis.port()));
        // The proxy leads to the tests' Redis: the application logs in there as its ACL user.
        stores.putAll(TestRedis.applicationLogin());
        return stores;
    }

    /**
     * The tests' server's settings, with {@code stores} and the launch script's own on top: how
     * this node, and the campaign's packaged node, are launched.
     */
    public static Map<String, String> settings(Map<String, String> stores) {
        Map<String, String> settings = TestServer.applicationSettings();
        TestServer.putStores(settings, stores);
        settings.remove("flashsale.db.max-pool-size"); // the launch script reports its own bound
        settings.put("flashsale.db.application-name", APPLICATION_NAME);
        settings.put("FLASHSALE_DB_MIN_POOL_SIZE", Integer.toString(POOL_MIN));
        settings.put("FLASHSALE_DB_MAX_POOL_SIZE", Integer.toString(POOL_MAX));
        settings.put("FLASHSALE_JAVA_OPTS", "-Xmx512m -XX:+ExitOnOutOfMemoryError " + TestServer.QUICK_JIT);
        settings.put("FLASHSALE_HTTP_MAX_HEADER_BYTES", Integer.toString(MAX_HEADER_BYTES));
        settings.put("FLASHSALE_ACCESS_LOG_DIR", accessLogDir().toString());
        settings.put("FLASHSALE_ACCESS_LOG_WRITE_SECONDS", "1");
        settings.put("FLASHSALE_WARMUP_REQUESTS", Integer.toString(WARMUP_REQUESTS));
        settings.put("FLASHSALE_ROOM_DIRECTORY_REFRESH_MS", Long.toString(ROOM_DIRECTORY_REFRESH_MS));
        // Payara Micro now and then comes up with its HTTP listener bound in the log yet refusing
        // every connection: the script's watchdog starts such a server again after 90 s without
        // the application's answer to its ping.
        settings.put("FLASHSALE_START_SECONDS", "90");
        return settings;
    }

    private static Path accessLogDir() {
        return AccessLogs.DIR;
    }

    /** The access logs' directory, made once, whichever thread first launches a node ({@link NodeSlot#startEarly}). */
    private static final class AccessLogs {

        static final Path DIR = create();

        private static Path create() {
            try {
                return Files.createTempDirectory("flashsale-access");
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
    }
}
