package dev.flashsale.testsupport;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.ServerSocket;
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
import java.util.stream.Collectors;
import java.util.stream.Stream;
import redis.clients.jedis.HostAndPort;
import redis.clients.jedis.Jedis;
import redis.clients.jedis.JedisCluster;
import redis.clients.jedis.exceptions.JedisConnectionException;
import redis.clients.jedis.exceptions.JedisMovedDataException;

/**
 * A real Redis Cluster of three masters (the machine's {@code redis-server}, no replicas), each
 * with the application's ACL user as {@link TestRedis} has it, in a temporary folder on free ports (logs in target/redis-cluster-*.log): started by the first test that asks for its {@link #nodes()},
 * stopped when the run ends ({@link TestServicesSession}) or the JVM exits. A test may kill a
 * master the hard way and start it again ({@link #kill}, {@link #restart}); a node that misses
 * for two seconds is failed by the others ({@code cluster-node-timeout 2000}), and the cluster
 * then answers CLUSTERDOWN until it is back.
 */
public final class TestRedisCluster {

    private static final int MASTERS = 3;
    private static final Duration STARTUP = Duration.ofSeconds(30);
    private static final Path LOGS = Path.of("target");

    private static final Map<Integer, Process> servers = new LinkedHashMap<>();
    private static Path dir;

    private TestRedisCluster() {
    }

    /** {@code 127.0.0.1:P1,127.0.0.1:P2,127.0.0.1:P3}; starts the cluster on first use. */
    public static synchronized String nodes() {
        if (servers.isEmpty()) {
            start();
        }
        return servers.keySet().stream().map(port -> "127.0.0.1:" + port).collect(Collectors.joining(","));
    }

    public static synchronized List<Integer> ports() {
        nodes();
        return List.copyOf(servers.keySet());
    }

    /** A client of the tests' own, to look at what the application left in the cluster. */
    public static JedisCluster client() {
        return new JedisCluster(ports().stream().map(port -> new HostAndPort("127.0.0.1", port))
                .collect(Collectors.toSet()), 2000);
    }

    /** The port of the master that owns {@code key}'s slot, as the cluster itself answers. */
    public static int ownerOf(String key) {
        int any = ports().get(0);
        try (Jedis node = new Jedis("127.0.0.1", any, 2000)) {
            node.exists(key);
            return any;
        } catch (JedisMovedDataException moved) {
            return moved.getTargetNode().getPort();
        }
    }

    /** Kills the node as a crash would (SIGKILL): its data is gone, its clients see refused connections. */
    public static synchronized void kill(int port) {
        Process server = servers.get(port);
        server.destroyForcibly();
        try {
            if (!server.waitFor(10, TimeUnit.SECONDS)) {
                throw new IllegalStateException("redis-server on " + port + " did not die");
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    /** Starts a killed node again, empty, with its cluster identity and slots; waits until the cluster is whole. */
    public static synchronized void restart(int port) {
        servers.put(port, launch(port));
        awaitAnswers(port);
        awaitClusterOk();
    }

    public static synchronized void stop() {
        servers.values().forEach(Process::destroyForcibly);
        for (Process server : servers.values()) {
            try {
                server.waitFor(10, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
        servers.clear();
        if (dir != null) {
            try (Stream<Path> files = Files.walk(dir)) {
                files.sorted(Comparator.reverseOrder()).forEach(file -> file.toFile().delete());
            } catch (IOException e) {
                throw new UncheckedIOException("Cannot remove " + dir, e);
            }
            dir = null;
        }
    }

    private static void start() {
        try {
            dir = Files.createTempDirectory("flashsale-it-redis-cluster");
            Files.createDirectories(LOGS);
            Runtime.getRuntime().addShutdownHook(new Thread(TestRedisCluster::stop, "test-redis-cluster-stop"));
            for (int port : freePorts()) {
                servers.put(port, launch(port));
            }
            servers.keySet().forEach(TestRedisCluster::awaitAnswers);
            List<String> create = new ArrayList<>(List.of("redis-cli", "--cluster", "create"));
            servers.keySet().forEach(port -> create.add("127.0.0.1:" + port));
            create.add("--cluster-yes");
            Process cli = new ProcessBuilder(create).redirectErrorStream(true)
                    .redirectOutput(LOGS.resolve("redis-cluster-create.log").toFile()).start();
            if (!cli.waitFor(30, TimeUnit.SECONDS) || cli.exitValue() != 0) {
                throw new IllegalStateException("redis-cli --cluster create failed:\n"
                        + Files.readString(LOGS.resolve("redis-cluster-create.log")));
            }
            awaitClusterOk();
        } catch (IOException e) {
            stop();
            throw new UncheckedIOException("Cannot start a Redis Cluster (is redis-server installed?)", e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            stop();
            throw new IllegalStateException(e);
        } catch (RuntimeException e) {
            stop();
            throw e;
        }
    }

    private static Process launch(int port) {
        try {
            List<String> command = new ArrayList<>(List.of("redis-server", "--port", Integer.toString(port), "--bind", "127.0.0.1",
                    "--cluster-enabled", "yes", "--cluster-config-file", "nodes-" + port + ".conf",
                    "--cluster-node-timeout", "2000", "--save", "", "--appendonly", "no", "--dir", dir.toString(),
                    "--user", TestRedis.applicationUser()));
            command.addAll(TestRedis.applicationRules());
            return new ProcessBuilder(command)
                    .directory(dir.toFile()).redirectErrorStream(true)
                    .redirectOutput(ProcessBuilder.Redirect.appendTo(LOGS.resolve("redis-cluster-" + port + ".log").toFile()))
                    .start();
        } catch (IOException e) {
            throw new UncheckedIOException("Cannot start redis-server on " + port, e);
        }
    }

    /**
     * Free ports outside 6379 and 6390-6399 (other Redis servers of this machine) whose cluster
     * bus port (port + 10000) is free as well.
     */
    private static List<Integer> freePorts() throws IOException {
        List<Integer> ports = new ArrayList<>();
        while (ports.size() < MASTERS) {
            int port;
            try (ServerSocket socket = new ServerSocket(0)) {
                port = socket.getLocalPort();
            }
            if (port + 10_000 <= 65_535 && (port < 6379 || port > 6399) && !ports.contains(port) && free(port + 10_000)) {
                ports.add(port);
            }
        }
        return ports;
    }

    private static boolean free(int port) {
        try (ServerSocket socket = new ServerSocket(port)) {
            return socket.getLocalPort() == port;
        } catch (IOException taken) {
            return false;
        }
    }

    private static void awaitAnswers(int port) {
        await(() -> ping(port), "redis-server on " + port + " did not come up");
    }

    /** Every node says cluster_state:ok. */
    public static void awaitClusterOk() {
        await(() -> servers.keySet().stream().allMatch(port -> clusterInfo(port).contains("cluster_state:ok")),
                "the cluster did not reach cluster_state:ok");
    }

    private static boolean ping(int port) {
        try (Jedis node = new Jedis("127.0.0.1", port, 500)) {
            return "PONG".equals(node.ping());
        } catch (JedisConnectionException notYet) {
            return false;
        }
    }

    private static String clusterInfo(int port) {
        try (Jedis node = new Jedis("127.0.0.1", port, 500)) {
            return node.clusterInfo();
        } catch (JedisConnectionException notYet) {
            return "";
        }
    }

    private static void await(java.util.function.BooleanSupplier condition, String failure) {
        Instant deadline = Instant.now().plus(STARTUP);
        while (!condition.getAsBoolean()) {
            if (Instant.now().isAfter(deadline)) {
                throw new IllegalStateException(failure + " within " + STARTUP.toSeconds() + " s (logs in target/redis-cluster-*.log)");
            }
            Pause.millis(100);
        }
    }
}
