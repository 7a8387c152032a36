package dev.flashsale.bench;

import dev.flashsale.platform.id.IdempotencyKey;
import dev.flashsale.platform.id.KeyOwner;
import dev.flashsale.stock.entity.Sku;
import dev.flashsale.gate.control.GateKeys;
import jakarta.json.Json;
import jakarta.json.JsonObject;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import redis.clients.jedis.Jedis;
import redis.clients.jedis.params.ScanParams;
import redis.clients.jedis.resps.ScanResult;

/**
 * The Redis ceiling: redis-benchmark calling the product's own gate script (lua/reserve.lua, as
 * shipped on the classpath) by EVALSHA on a benchmark SKU whose counter never runs out, each call
 * with a fresh hold marker. Afterwards the SKU's keys, markers included, are removed again.
 */
final class RedisCeiling {

    /** One redis-benchmark run. */
    record Result(int concurrency, int requests, double requestsPerSecond, double p50Ms, double p99Ms) {

        JsonObject toJson() {
            return Json.createObjectBuilder().add("concurrency", concurrency).add("requests", requests)
                    .add("requestsPerSecond", requestsPerSecond).add("p50Ms", p50Ms).add("p99Ms", p99Ms).build();
        }
    }

    private static final String HUGE_COUNTER = "1000000000000";
    private static final int MAX_CLEANUP_SCANS = 100_000;
    /** A new idempotency key each call (redis-benchmark puts a random number in place of __rand_int__), so each takes a unit. */
    private static final IdempotencyKey KEY = new IdempotencyKey(KeyOwner.CONFIGURED, "__rand_int__");

    private final String host;
    private final int port;
    private final String sku;
    private String sha;

    RedisCeiling(String host, int port, String sku) {
        this.host = host;
        this.port = port;
        this.sku = sku;
    }

    /** Loads the script and sets the counter of the benchmark SKU. */
    void prepare() throws IOException {
        try (Jedis jedis = new Jedis(host, port)) {
            sha = jedis.scriptLoad(reserveScript());
            jedis.set(GateKeys.counter(new Sku(sku)), HUGE_COUNTER);
        }
    }

    Result run(int concurrency, int requests) throws IOException, InterruptedException {
        List<String> keys = GateKeys.forKey(new Sku(sku), KEY);
        List<String> command = new ArrayList<>(List.of("redis-benchmark", "-h", host, "-p", Integer.toString(port),
                "-c", Integer.toString(concurrency), "-n", Integer.toString(requests), "-r", "100000000", "--csv",
                "EVALSHA", sha, Integer.toString(keys.size())));
        command.addAll(keys);
        command.addAll(List.of("1", "600", KEY.qualified()));
        String output = ExternalCommand.run(command, Map.of(), Duration.ofMinutes(5));
        // "test","rps","avg_latency_ms","min_latency_ms","p50_latency_ms","p95_latency_ms","p99_latency_ms","max_latency_ms"
        String[] lines = output.strip().split("\\R");
        String[] fields = lines[lines.length - 1].replace("\"", "").split(",");
        if (fields.length < 8) {
            throw new IllegalStateException("Unexpected redis-benchmark output:\n" + output);
        }
        int last = fields.length - 1; // the test name is the whole command line and holds no commas
        return new Result(concurrency, requests, Double.parseDouble(fields[last - 6]),
                Double.parseDouble(fields[last - 3]), Double.parseDouble(fields[last - 1]));
    }

    /** Removes the counter, flag, deadlines and every hold marker the benchmark left. */
    long cleanUp() {
        long removed = 0;
        try (Jedis jedis = new Jedis(host, port)) {
            removed += jedis.del(GateKeys.counter(new Sku(sku)), GateKeys.soldOut(new Sku(sku)), GateKeys.deadlines(new Sku(sku)));
            ScanParams markers = new ScanParams().match(GateKeys.marker(new Sku(sku), new IdempotencyKey(KeyOwner.CONFIGURED, "*"))).count(1_000);
            String cursor = ScanParams.SCAN_POINTER_START;
            for (int scans = 0; scans < MAX_CLEANUP_SCANS; scans++) {
                ScanResult<String> page = jedis.scan(cursor, markers);
                if (!page.getResult().isEmpty()) {
                    removed += jedis.unlink(page.getResult().toArray(String[]::new));
                }
                cursor = page.getCursor();
                if (ScanParams.SCAN_POINTER_START.equals(cursor)) {
                    break;
                }
            }
        }
        return removed;
    }

    private static String reserveScript() throws IOException {
        try (InputStream script = RedisCeiling.class.getClassLoader().getResourceAsStream("lua/reserve.lua")) {
            if (script == null) {
                throw new IllegalStateException("lua/reserve.lua is not on the classpath: run ./mvnw test-compile first");
            }
            return new String(script.readAllBytes(), StandardCharsets.UTF_8);
        }
    }
}
