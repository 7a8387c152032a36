package dev.flashsale.testsupport;

import dev.flashsale.gate.control.GateKeys;
import dev.flashsale.limits.control.SharedBuckets;
import dev.flashsale.limits.entity.Limit;
import dev.flashsale.limits.entity.TokenUse;
import dev.flashsale.platform.redis.RedisScripts;
import dev.flashsale.stock.entity.Sku;
import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import redis.clients.jedis.Jedis;
import redis.clients.jedis.JedisPooled;
import redis.clients.jedis.exceptions.JedisConnectionException;

/**
 * A real Redis server (the machine's {@code redis-server}) owned by the integration tests, on
 * port {@code it.redis.port}: the deployed application's gate talks to it, and the outage tests
 * may stop and restart it without disturbing any other Redis on the machine. The application logs
 * in as the ACL user of {@link #ACL_FILE}, with that file's rights and no more ({@link #applicationLogin()});
 * the tests' own clients use the default user, which may do anything.
 */
public final class TestRedis {

    /** The application's ACL user, as operators define it: one {@code user <name> <rules>} line, no password. */
    public static final Path ACL_FILE = Path.of("payara", "redis-acl.conf");
    /** The password the tests' Redis gives the application's user. */
    public static final String APPLICATION_PASSWORD = "it-redis-application";
    /** The tests' own address, as the server may see it. */
    public static final List<String> OWN_ADDRESSES = List.of("127.0.0.1", "0:0:0:0:0:0:0:1", "::1");

    private static Process server;

    private TestRedis() {
    }

    public static int port() {
        return Integer.getInteger("it.redis.port", 6390);
    }

    public static Jedis client() {
        return new Jedis("127.0.0.1", port(), 2000);
    }

    /**
     * Starts an empty server with the application's ACL user; a server left on the port by an
     * aborted run is emptied, given the user afresh and reused.
     */
    public static synchronized void start() {
        if (answers()) {
            try (Jedis redis = client()) {
                redis.flushAll();
                redis.configSet("latency-monitor-threshold", Integer.toString(RedisLatencyRecord.THRESHOLD_MILLIS));
                redis.latencyReset();
                List<String> rules = new ArrayList<>(List.of("reset"));
                rules.addAll(applicationRules());
                redis.aclSetUser(applicationUser(), rules.toArray(String[]::new));
            }
            return;
        }
        List<String> command = new ArrayList<>(List.of("redis-server", "--port", Integer.toString(port()), "--bind",
                "127.0.0.1", "--save", "", "--appendonly", "no",
                "--latency-monitor-threshold", Integer.toString(RedisLatencyRecord.THRESHOLD_MILLIS), "--user", applicationUser()));
        // On the command line, so that the user is there before the first connection is accepted.
        command.addAll(applicationRules());
        try {
            server = new ProcessBuilder(command)
                    .redirectErrorStream(true)
                    .redirectOutput(new File(System.getProperty("java.io.tmpdir"), "flashsale-it-redis-" + port() + ".log"))
                    .start();
        } catch (IOException e) {
            throw new IllegalStateException("Cannot start redis-server (is it installed? .ci/run installs it)", e);
        }
        Instant deadline = Instant.now().plus(Duration.ofSeconds(10));
        while (!answers()) {
            if (Instant.now().isAfter(deadline) || !server.isAlive()) {
                throw new IllegalStateException("redis-server on port " + port() + " did not come up");
            }
            pause();
        }
    }

    /**
     * Waits (15 s at most) until {@code nodes} nodes hear the announcements: a node subscribes again
     * a second or more after Redis was restarted (a class before may have done it), and until then
     * it refuses nothing from its sold-out memory.
     */
    public static void awaitListeners(int nodes) {
        Instant deadline = Instant.now().plus(Duration.ofSeconds(15));
        while (listeners() < nodes) {
            if (Instant.now().isAfter(deadline)) {
                throw new IllegalStateException(listeners() + " node(s) hear the announcements after 15 s, not " + nodes);
            }
            pause();
        }
    }

    private static long listeners() {
        try (Jedis redis = client()) {
            return redis.pubsubNumSub(GateKeys.UNITS_BACK).getOrDefault(GateKeys.UNITS_BACK, 0L);
        }
    }

    /** The settings that make the application log in as its ACL user on this server. */
    public static Map<String, String> applicationLogin() {
        return Map.of("flashsale.redis.user", applicationUser(), "flashsale.redis.password", APPLICATION_PASSWORD);
    }

    /** The name of {@link #ACL_FILE}'s user. */
    public static String applicationUser() {
        return aclLine().get(1);
    }

    /** {@link #ACL_FILE}'s rules for its user, with the tests' password. */
    static List<String> applicationRules() {
        List<String> line = aclLine();
        List<String> rules = new ArrayList<>(line.subList(2, line.size()));
        rules.add(">" + APPLICATION_PASSWORD);
        return rules;
    }

    private static List<String> aclLine() {
        try {
            List<String> users = Files.readAllLines(ACL_FILE).stream().filter(line -> line.startsWith("user ")).toList();
            if (users.size() != 1) {
                throw new IllegalStateException(ACL_FILE + " must define exactly one user, it defines " + users.size());
            }
            return Arrays.asList(users.get(0).strip().split("\\s+"));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * Counts failed logins of a user in the shared bucket, as the nodes that saw them would
     * ({@code lua/take_tokens.lua} with the defaults: ten a minute, a burst of 30): enough
     * leave the user refused for a few seconds.
     */
    public static void countFailedLogins(String user, int failures) {
        count(Limit.perMinute("login-user", 10, 30), user, failures);
    }

    /** Failed logins counted against a client address, as the application counts them. */
    public static void countFailedLoginsFrom(String address, int failures) {
        count(Limit.perMinute("login-address", 10, 10), address, failures);
    }

    /**
     * Gives the tests' own address back the failed logins spent from it ({@code login-address}, ten
     * a minute): a class that spends them (its {@code @Isolated} says so) does this as it starts and
     * as it ends, so that neither it nor a class after it is refused as a guesser for what another
     * class did. The nodes lease no login tokens; a refusal a node remembers lasts one token's time
     * (6 s) at most, and neither class spends all ten, so none is remembered when this runs.
     */
    public static void forgetFailedLoginsOfTheTests() {
        try (JedisPooled redis = new JedisPooled("127.0.0.1", port())) {
            for (String address : OWN_ADDRESSES) {
                redis.del(SharedBuckets.key(Limit.perMinute("login-address", 10, 10), address));
            }
        }
    }

    private static void count(Limit limit, String id, int failures) {
        RedisScripts scripts = new RedisScripts();
        scripts.load();
        try (JedisPooled redis = new JedisPooled("127.0.0.1", port())) {
            scripts.run(redis, "take_tokens", List.of(SharedBuckets.key(limit, id)), List.of(
                    Long.toString(limit.microsPerToken()), Integer.toString(limit.burst()), Integer.toString(failures),
                    TokenUse.COUNT.script()));
        }
    }

    /** Waits (60 s at most) until the application uses its gate again, after Redis came back. */
    public static void awaitGateInUse(Api api) {
        // The rebuild reads every open sale's holds and loads each into Redis: the more sales the
        // run has opened before, the longer it takes, hence a wide limit.
        Instant deadline = Instant.now().plusSeconds(60);
        while (!api.adminGet("api/admin/gate").json().getBoolean("inUse")) {
            if (Instant.now().isAfter(deadline)) {
                throw new AssertionError("the gate did not reopen within 60 s");
            }
            pause();
        }
    }

    /** Stops the server the hard way (as a crash would): the application sees refused connections. */
    public static synchronized void stop() {
        if (server != null) {
            server.destroyForcibly();
            try {
                server.waitFor();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            server = null;
        } else if (answers()) {
            try (Jedis redis = client()) {
                redis.shutdown();
            } catch (RuntimeException alreadyGone) {
                // SHUTDOWN closes the connection before answering.
            }
        }
    }

    /**
     * Makes a hold overdue as if its time had run out: the gate's record of it in Redis, then its
     * deadline in PostgreSQL, last, so that a sweeper has the least time to find it before the
     * caller's next request.
     */
    public static void makeOverdue(String sku, String idempotencyKey, String reservationId) {
        String member = Holds.gateMember(idempotencyKey);
        try (Jedis redis = client()) {
            if (redis.zscore(GateKeys.deadlines(new Sku(sku)), member) != null) {
                redis.zadd(GateKeys.deadlines(new Sku(sku)), System.currentTimeMillis() - 1000, member);
            }
        }
        Db.setExpiry(reservationId, -1);
    }

    /** Waits up to 20 s for {@code key} to hold {@code expected}; a Redis that does not answer fails at once. */
    public static void awaitValue(String key, String expected) {
        Instant deadline = Instant.now().plusSeconds(20);
        String value = null;
        while (Instant.now().isBefore(deadline)) {
            try (Jedis redis = client()) {
                value = redis.get(key);
            }
            if (expected.equals(value)) {
                return;
            }
            pause();
        }
        throw new AssertionError(key + " did not become " + expected + " within 20 s, it is " + value);
    }

    public static boolean answers() {
        try (Jedis redis = client()) {
            return "PONG".equals(redis.ping());
        } catch (JedisConnectionException refused) {
            return false;
        }
    }

    private static void pause() {
        Pause.millis(50);
    }

    /**
     * Leaves the bucket as a node that counted a flood would: its next token ten seconds away
     * (the key holds the theoretical arrival time in microseconds of Redis' clock).
     */
    public static void emptyForTenSeconds(Limit limit, String id) {
        emptyFor(limit, id, 10);
    }

    /** As {@link #emptyForTenSeconds}, for {@code seconds}: for a test whose requests a busy machine may slow. */
    public static void emptyFor(Limit limit, String id, int seconds) {
        try (Jedis redis = client()) {
            List<String> time = redis.time();
            long now = Long.parseLong(time.get(0)) * 1_000_000 + Long.parseLong(time.get(1));
            long arrival = now + seconds * 1_000_000L + limit.burst() * limit.microsPerToken();
            redis.psetex(SharedBuckets.key(limit, id), (seconds + 10) * 1_000L, Long.toString(arrival));
        }
    }
}
