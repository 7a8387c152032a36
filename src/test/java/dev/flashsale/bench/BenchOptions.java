package dev.flashsale.bench;

import java.net.URI;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The command line of the benchmark, parsed once: where the running application, its database
 * and its Redis are, and how hard to push. Unknown options are refused so that a typo never runs
 * a benchmark with defaults nobody asked for.
 */
record BenchOptions(URI base, String adminUser, String adminPassword, String dbUrl, String dbUser, String dbPassword,
                    String redisHost, int redisPort, List<Integer> seedConcurrencies, int seedBuyers, int seedUnits,
                    int retryPercent, List<Integer> successConcurrencies, int successRequests, int warmupSeconds,
                    int pgbenchSeconds, int redisRequests, String pgbenchScript, String outputDir, int shards) {

    static final String USAGE = """
            Usage: --base URL --admin USER:PASSWORD --db JDBC_URL [--db-user postgres] [--db-password PW]
                   [--redis HOST:PORT] [--seed-concurrency 64,256] [--seed-buyers 20000] [--seed-units 500]
                   [--retry-percent 2] [--success-concurrency 8,64,256] [--success-requests 5000]
                   [--warmup-seconds 20] [--pgbench-seconds 10] [--redis-requests 100000]
                   [--pgbench-script bench/reserve.pgbench] [--out target/bench] [--shards 1]
            --shards N spreads every SKU the benchmark opens over N stock rows; with N > 1 the success
            path also runs on one row at each concurrency, so the two are compared in the same run.""";

    private static final Set<String> KNOWN = Set.of("--base", "--admin", "--db", "--db-user", "--db-password", "--redis",
            "--seed-concurrency", "--seed-buyers", "--seed-units", "--retry-percent", "--success-concurrency",
            "--success-requests", "--warmup-seconds", "--pgbench-seconds", "--redis-requests", "--pgbench-script", "--out", "--shards");

    static BenchOptions parse(String[] args) {
        Map<String, String> values = new HashMap<>();
        for (int i = 0; i < args.length; i += 2) {
            if (!KNOWN.contains(args[i]) || i + 1 >= args.length) {
                throw new IllegalArgumentException("Unknown option or missing value: " + args[i] + "\n" + USAGE);
            }
            values.put(args[i], args[i + 1]);
        }
        String admin = required(values, "--admin");
        int colon = admin.indexOf(':');
        if (colon < 1) {
            throw new IllegalArgumentException("--admin must be USER:PASSWORD\n" + USAGE);
        }
        String base = values.getOrDefault("--base", "http://localhost:8080");
        String redis = values.getOrDefault("--redis", "127.0.0.1:6379");
        return new BenchOptions(URI.create(base.endsWith("/") ? base : base + "/"),
                admin.substring(0, colon), admin.substring(colon + 1),
                required(values, "--db"), values.getOrDefault("--db-user", "postgres"), values.getOrDefault("--db-password", ""),
                redis.substring(0, redis.lastIndexOf(':')), Integer.parseInt(redis.substring(redis.lastIndexOf(':') + 1)),
                ints(values.getOrDefault("--seed-concurrency", "64,256")),
                positive(values, "--seed-buyers", 20_000), positive(values, "--seed-units", 500),
                Integer.parseInt(values.getOrDefault("--retry-percent", "2")),
                ints(values.getOrDefault("--success-concurrency", "8,64,256")),
                positive(values, "--success-requests", 5_000),
                Integer.parseInt(values.getOrDefault("--warmup-seconds", "20")),
                positive(values, "--pgbench-seconds", 10), positive(values, "--redis-requests", 100_000),
                values.getOrDefault("--pgbench-script", "bench/reserve.pgbench"),
                values.getOrDefault("--out", "target/bench"), shards(values));
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
            throw new IllegalArgumentException(name + " is required\n" + USAGE);
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

    private static List<Integer> ints(String commaSeparated) {
        return Arrays.stream(commaSeparated.split(",")).map(String::trim).map(Integer::parseInt).toList();
    }

    /** Everything but the password, for the report. */
    String describe() {
        return "base=" + base + " db=" + dbUrl + " (user " + dbUser + ") redis=" + redisHost + ":" + redisPort
                + " seed: " + seedBuyers + " buyers for " + seedUnits + " units, " + retryPercent + "% retries, concurrency "
                + seedConcurrencies + "; success: " + successRequests + " reservations at " + successConcurrencies
                + "; warm-up " + warmupSeconds + " s; shards per SKU " + shards;
    }
}
