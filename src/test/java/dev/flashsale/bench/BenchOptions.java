package dev.flashsale.bench;

import java.net.URI;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;

/**
 * The command line of the benchmark, parsed once: where the application, its database and its
 * Redis are (or, with --start-server, that the benchmark starts them itself), and how hard to
 * push. Unknown options are refused so that a typo never runs a benchmark with defaults nobody
 * asked for.
 */
record BenchOptions(boolean startServer, URI base, String adminUser, String adminPassword, String dbUrl, String dbUser,
                    String dbPassword, String redisHost, int redisPort, int floorPort, List<Boolean> gateModes,
                    List<Integer> seedConcurrencies, int seedBuyers, int seedUnits, int retryPercent,
                    List<Integer> successConcurrencies, int successRequests, int warmupSeconds, int seconds, int repeats,
                    int memorySeeds, int wrkThreads, int pgbenchSeconds, int redisRequests, String pgbenchScript,
                    String outputDir, int shards, String payaraMicro, String applicationJar, String peer, int peerPort,
                    int bigBuyers, int seedShards, String only, String appJavaOptions) {

    static final String USAGE = """
            Usage: --start-server | --base URL --admin USER:PASSWORD --db JDBC_URL
                   [--db-user postgres] [--db-password PW] [--redis HOST:PORT] [--port 8180] [--floor-port 8181]
                   [--gate on,off] [--seed-concurrency 64] [--seed-buyers 20000] [--seed-units 500]
                   [--retry-percent 2] [--success-concurrency 8,64,256] [--success-requests 5000]
                   [--warmup-seconds 20] [--seconds 10] [--repeats 3] [--memory-seeds 10] [--threads 2]
                   [--pgbench-seconds 10] [--redis-requests 100000] [--pgbench-script bench/reserve.pgbench]
                   [--out target/bench] [--shards 1] [--payara-micro target/payara-micro.jar]
                   [--app-jar target/flashsale-micro.jar] [--peer ../shared/peer | none] [--peer-port 8190]
                   [--big-buyers 200000] [--seed-shards 1] [--only cold|room|stock] [--app-java-opts OPTIONS]
            --start-server starts a Redis of its own (--redis, default 127.0.0.1:6397), recreates the database
            (--db, default jdbc:postgresql://127.0.0.1:5432/flashsale_bench) and starts the application
            (--app-jar on --port) once per --gate mode; without it the benchmark runs against --base.
            --shards N spreads every SKU the benchmark opens over N stock rows; with N > 1 the success
            path also runs on one row at each concurrency, so the two are compared in the same run. The seed
            scenario's SKUs have --seed-shards rows (default 1, as a sale's item has unless told otherwise).
            --peer DIR is the seeds' design in Node (server.js), started on --peer-port and measured beside the
            application with the seed scenario, and once with --big-buyers buyers (0: not); none, or no Node: not measured.
            --only cold (with --start-server) measures the first crowd after a start against the warm ones and
            nothing else: no floor, no other phase, the first --gate mode only. --only room (with --start-server)
            measures the floor, then on the first --gate mode the warm-up, ping and the waiting room's phases only;
            --only stock the same with the stock level of one SKU instead of the room.
            --app-java-opts (with --start-server) adds JVM options to the application's server, not the floor's,
            such as a profiler's agent (docs/benchmarks.md, "Where the CPU goes"); the launch script splits them on
            white space, without quoting. With --gate on,off both of the application's servers get them.""";

    private static final Set<String> FLAGS = Set.of("--start-server");
    private static final Set<String> KNOWN = Set.of("--base", "--admin", "--db", "--db-user", "--db-password", "--redis",
            "--port", "--floor-port", "--gate", "--seed-concurrency", "--seed-buyers", "--seed-units", "--retry-percent",
            "--success-concurrency", "--success-requests", "--warmup-seconds", "--seconds", "--repeats", "--memory-seeds",
            "--threads", "--pgbench-seconds", "--redis-requests", "--pgbench-script", "--out", "--shards", "--payara-micro",
            "--app-jar", "--peer", "--peer-port", "--big-buyers", "--seed-shards", "--only", "--app-java-opts");

    private static String only(Map<String, String> values, boolean startServer) {
        String only = values.get("--only");
        if (only == null) {
            return "";
        }
        if (!Set.of("cold", "room", "stock").contains(only) || !startServer) {
            throw new IllegalArgumentException("--only takes cold, room or stock, with --start-server\n" + USAGE);
        }
        return only;
    }

    /** --only cold: the first crowd after a start against the warm ones, nothing else. */
    boolean coldOnly() {
        return only.equals("cold");
    }

    /** --only room: the floor, then ping and the waiting room's phases, nothing else. */
    boolean roomOnly() {
        return only.equals("room");
    }

    /** --only stock: the floor, then ping and the stock level of one SKU, nothing else. */
    boolean stockOnly() {
        return only.equals("stock");
    }

    static BenchOptions parse(String[] args) {
        Map<String, String> values = new HashMap<>();
        boolean startServer = false;
        for (int i = 0; i < args.length; i++) {
            if (FLAGS.contains(args[i])) {
                startServer = true;
            } else if (KNOWN.contains(args[i]) && i + 1 < args.length) {
                values.put(args[i], args[++i]);
            } else {
                throw new IllegalArgumentException("Unknown option or missing value: " + args[i] + "\n" + USAGE);
            }
        }
        String user;
        String password;
        String base;
        if (startServer) {
            // The server is the benchmark's own: so is its administrator's password.
            user = "admin";
            password = "bench-" + UUID.randomUUID();
            base = "http://127.0.0.1:" + positive(values, "--port", 8180) + "/";
        } else {
            String admin = required(values, "--admin");
            int colon = admin.indexOf(':');
            if (colon < 1) {
                throw new IllegalArgumentException("--admin must be USER:PASSWORD\n" + USAGE);
            }
            user = admin.substring(0, colon);
            password = admin.substring(colon + 1);
            base = values.getOrDefault("--base", "http://localhost:8080");
        }
        String db = startServer ? values.getOrDefault("--db", "jdbc:postgresql://127.0.0.1:5432/flashsale_bench") : required(values, "--db");
        String redis = values.getOrDefault("--redis", startServer ? "127.0.0.1:6397" : "127.0.0.1:6379");
        int threads = positive(values, "--threads", 2);
        return new BenchOptions(startServer, URI.create(base.endsWith("/") ? base : base + "/"), user, password,
                db, values.getOrDefault("--db-user", "postgres"), values.getOrDefault("--db-password", ""),
                redis.substring(0, redis.lastIndexOf(':')), Integer.parseInt(redis.substring(redis.lastIndexOf(':') + 1)),
                positive(values, "--floor-port", 8181), gateModes(values.getOrDefault("--gate", "on,off")),
                connections(values.getOrDefault("--seed-concurrency", "64"), threads),
                positive(values, "--seed-buyers", 20_000), positive(values, "--seed-units", 500),
                Integer.parseInt(values.getOrDefault("--retry-percent", "2")),
                connections(values.getOrDefault("--success-concurrency", "8,64,256"), threads),
                positive(values, "--success-requests", 5_000),
                Integer.parseInt(values.getOrDefault("--warmup-seconds", "20")), positive(values, "--seconds", 10),
                positive(values, "--repeats", 3), positive(values, "--memory-seeds", 10), threads,
                positive(values, "--pgbench-seconds", 10), positive(values, "--redis-requests", 100_000),
                values.getOrDefault("--pgbench-script", "bench/reserve.pgbench"),
                values.getOrDefault("--out", "target/bench"), shards(values),
                values.getOrDefault("--payara-micro", "target/payara-micro.jar"),
                values.getOrDefault("--app-jar", "target/flashsale-micro.jar"), values.getOrDefault("--peer", "../shared/peer"),
                positive(values, "--peer-port", 8190), Integer.parseInt(values.getOrDefault("--big-buyers", "200000")),
                positive(values, "--seed-shards", 1), only(values, startServer), appJavaOptions(values, startServer));
    }

    private static String appJavaOptions(Map<String, String> values, boolean startServer) {
        String options = values.getOrDefault("--app-java-opts", "").strip();
        if (!options.isEmpty() && !startServer) {
            throw new IllegalArgumentException("--app-java-opts goes with --start-server: the benchmark starts that server\n" + USAGE);
        }
        return options;
    }

    /** The application's port when the benchmark starts it. */
    int port() {
        return base.getPort();
    }

    /** The concurrency of the floor, of ping and of the cold and memory seed scenarios: the first seed concurrency. */
    int mainConcurrency() {
        return seedConcurrencies.get(0);
    }

    private static List<Boolean> gateModes(String modes) {
        return Arrays.stream(modes.split(",")).map(String::trim).map(mode -> switch (mode) {
            case "on" -> true;
            case "off" -> false;
            default -> throw new IllegalArgumentException("--gate takes on, off or on,off");
        }).toList();
    }

    private static int shards(Map<String, String> values) {
        int shards = positive(values, "--shards", 1);
        if (shards > 64) {
            throw new IllegalArgumentException("--shards is at most 64");
        }
        return shards;
    }

    private static String required(Map<String, String> values, String name) {
        String value = values.get(name);
        if (value == null || value.isBlank()) {
            throw new IllegalArgumentException(name + " is required (or --start-server)\n" + USAGE);
        }
        return value;
    }

    private static int positive(Map<String, String> values, String name, int defaultValue) {
        int value = Integer.parseInt(values.getOrDefault(name, Integer.toString(defaultValue)));
        if (value <= 0) {
            throw new IllegalArgumentException(name + " must be positive");
        }
        return value;
    }

    /** Concurrencies are wrk connections: each a multiple of the threads, which share them evenly. */
    private static List<Integer> connections(String commaSeparated, int threads) {
        List<Integer> connections = Arrays.stream(commaSeparated.split(",")).map(String::trim).map(Integer::parseInt).toList();
        for (int c : connections) {
            if (c < threads || c % threads != 0) {
                throw new IllegalArgumentException("concurrency " + c + " is not a multiple of --threads " + threads);
            }
        }
        return connections;
    }

    /** Everything but the password, for the report. */
    String describe() {
        return (startServer ? "started servers: application " + base + ", floor port " + floorPort + ", gate " + gateModes
                : "base=" + base) + " db=" + dbUrl + " (user " + dbUser + ") redis=" + redisHost + ":" + redisPort
                + "; wrk -t" + wrkThreads + "; seed: " + seedBuyers + " buyers for " + seedUnits + " units, " + retryPercent
                + "% retries, concurrency " + seedConcurrencies + "; success: " + successRequests + " reservations at "
                + successConcurrencies + "; duration runs " + seconds + " s, repeated " + repeats + " times; "
                + memorySeeds + " seed scenarios for memory; warm-up " + warmupSeconds + " s; shards per SKU " + shards
                + "; seed scenario's rows per SKU " + seedShards + "; the seeds' design " + peer + (bigBuyers > 0 ? String.format(", big crowd %,d buyers", bigBuyers) : "")
                + (appJavaOptions.isEmpty() ? "" : "; the application's added JVM options " + appJavaOptions);
    }
}
