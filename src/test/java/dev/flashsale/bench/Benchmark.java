package dev.flashsale.bench;

import jakarta.json.Json;
import jakarta.json.JsonArrayBuilder;
import jakarta.json.JsonObject;
import jakarta.json.JsonObjectBuilder;
import jakarta.json.JsonWriter;
import jakarta.json.JsonWriterFactory;
import jakarta.json.stream.JsonGenerator;
import java.io.IOException;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.SQLException;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SortedSet;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.stream.Collectors;

/**
 * The benchmark program (not a test): runs the flash-sale scenarios against an already running
 * application, measures the ceilings of the same machine in the same run (HTTP: ping; PostgreSQL:
 * pgbench with the product's reserve transaction; Redis: redis-benchmark with the product's gate
 * script), prints every figure and its share of its ceiling, checks the no-oversell invariants in
 * PostgreSQL, and writes target/bench/results-&lt;run&gt;.json and report-&lt;run&gt;.html.
 * <p>
 * {@code mvn -B -q test-compile exec:java@bench -Dexec.args="--base http://localhost:8080 --admin admin:PW
 * --db jdbc:postgresql://127.0.0.1:5432/flashsale_bench --db-user postgres --redis 127.0.0.1:6379"}
 */
public final class Benchmark {

    private static final DateTimeFormatter RUN_ID = DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss").withZone(ZoneOffset.UTC);
    /** PostgreSQL connections pgbench leaves free for the application and everybody else. */
    private static final int CONNECTIONS_KEPT_FREE = 15;

    private final BenchOptions options;
    private final FlashSaleClient client;
    private final LedgerInvariants ledger;
    private final String runId = RUN_ID.format(Instant.now());
    private final Map<String, Boolean> checks = new LinkedHashMap<>();
    private final JsonObjectBuilder results = Json.createObjectBuilder();
    private String checkpointRefusal;

    private Benchmark(BenchOptions options) {
        this.options = options;
        this.client = new FlashSaleClient(options.base(), options.adminUser(), options.adminPassword());
        this.ledger = new LedgerInvariants(options.dbUrl(), options.dbUser(), options.dbPassword());
    }

    public static void main(String[] args) throws Exception {
        new Benchmark(BenchOptions.parse(args)).run();
    }

    private void run() throws Exception {
        JsonObject gate = client.gateStatus();
        String mode = "Redis gate: " + (gate.getBoolean("inUse") ? "IN USE" : gate.getBoolean("enabled") ? "enabled but NOT in use"
                : "OFF (PostgreSQL alone decides every claim)") + " " + gate;
        System.out.println("flashsale benchmark " + runId + " against " + options.base());
        System.out.println(mode);
        System.out.println(options.describe());
        results.add("runId", runId).add("startedAt", Instant.now().toString()).add("options", options.describe())
                .add("gateBefore", gate);

        SuccessPath success = new SuccessPath(client, options.shards());
        warmUp(success);

        List<SeedScenario.Outcome> seeds = seedScenarios();
        Map<Integer, LoadResult> successes = successPath(success, options.shards());
        Map<Integer, LoadResult> oneRow = options.shards() > 1 ? successPath(success, 1) : Map.of();
        Map<Integer, LoadResult> soldOut = soldOutPath(success);
        Map<Integer, LoadResult> pings = pingCeiling();
        Map<Integer, PgbenchCeiling.Result> pgbench = pgbenchCeiling(options.shards());
        Map<Integer, PgbenchCeiling.Result> pgbenchOneRow = options.shards() > 1 ? pgbenchCeiling(1) : Map.of();
        Map<Integer, RedisCeiling.Result> redis = redisCeiling();

        printRatios(seeds, successes, soldOut, pings, pgbench, redis);
        printShardRatios(successes, oneRow, pgbench, pgbenchOneRow);

        JsonObject gateAfter = client.gateStatus();
        System.out.println();
        System.out.println(mode);
        System.out.println("Redis gate after the run: " + gateAfter);
        results.add("gateAfter", gateAfter).add("mode", gate.getBoolean("inUse") ? "gate-in-use" : "postgresql-only");
        JsonObjectBuilder checksJson = Json.createObjectBuilder();
        checks.forEach((check, pass) -> checksJson.add(check, pass ? "PASS" : "FAIL"));
        results.add("checks", checksJson).add("finishedAt", Instant.now().toString());
        writeFiles(mode, seeds);
        List<String> failed = checks.entrySet().stream().filter(check -> !check.getValue()).map(Map.Entry::getKey).toList();
        System.out.println(failed.isEmpty() ? "ALL CHECKS PASS (" + checks.size() + ")" : "FAILED CHECKS: " + failed);
        if (!failed.isEmpty()) {
            throw new IllegalStateException("Benchmark checks failed: " + failed);
        }
    }

    private void warmUp(SuccessPath success) throws InterruptedException {
        if (options.warmupSeconds() <= 0) {
            System.out.println("No warm-up (--warmup-seconds 0): the first figures include the JIT compiling the server");
            results.add("warmUp", Json.createObjectBuilder().add("seconds", 0));
            return;
        }
        heading("Warm-up: " + options.warmupSeconds() + " s of reservations at concurrency 64 (half success path, half sold out), not measured");
        LoadResult warmUp = success.warmUp(options.warmupSeconds(), sku("WARMUP"), sku("WARMUP-SOLD-OUT"));
        System.out.printf("  %,d requests in %.1f s = %,.0f req/s, 5xx: %d, latency %s%n", warmUp.requests(),
                warmUp.wallSeconds(), warmUp.requestsPerSecond(), warmUp.serverErrors(), warmUp.latency());
        results.add("warmUp", Json.createObjectBuilder().add("seconds", options.warmupSeconds()).add("requests", warmUp.requests())
                .add("requestsPerSecond", warmUp.requestsPerSecond()).add("serverErrors5xx", warmUp.serverErrors()));
    }

    private List<SeedScenario.Outcome> seedScenarios() throws InterruptedException, SQLException {
        SeedScenario scenario = new SeedScenario(client, ledger, options);
        List<SeedScenario.Outcome> outcomes = new ArrayList<>();
        JsonArrayBuilder json = Json.createArrayBuilder();
        for (int concurrency : options.seedConcurrencies()) {
            settle();
            JsonObject groupsBefore = client.checkoutGroups();
            SeedScenario.Outcome outcome = scenario.run(sku("SEED-C" + concurrency), concurrency);
            GroupUse groups = GroupUse.between(groupsBefore, client.checkoutGroups());
            printSeed(outcome);
            line("shared transactions", groups.toString(), "");
            outcomes.add(outcome);
            json.add(Json.createObjectBuilder(outcome.toJson()).add("checkoutGroups", groups.toJson()));
        }
        results.add("seedScenario", json);
        return outcomes;
    }

    private void printSeed(SeedScenario.Outcome seed) {
        LoadResult load = seed.load();
        heading("Seed scenario, concurrency " + seed.concurrency());
        System.out.printf("  SKU %s: %,d units, %,d buyers at once, %,d of them send their request twice%n",
                seed.sku(), seed.units(), seed.buyers(), seed.retries());
        String c = " (c=" + seed.concurrency() + ")";
        line("units held (GET stock)", Integer.toString(seed.heldFromApi()), check("seed units held = " + seed.units() + c,
                seed.heldFromApi() == seed.units()) + " (must be " + seed.units() + ")");
        line("oversold: held + sold - total", Integer.toString(seed.oversoldFromApi()),
                check("seed oversold = 0" + c, seed.oversoldFromApi() == 0));
        long beyond = seed.ledger().counts().get("reservations_beyond_total");
        line("oversold: reservations beyond total", Long.toString(beyond), check("seed reservations beyond total = 0" + c, beyond == 0));
        line("answers by status", format(load.byStatus()), "");
        line("answers by problem type", format(load.byProblem()), "");
        line("5xx answers", Long.toString(load.serverErrors()), check("seed no 5xx" + c, load.serverErrors() == 0));
        line("no answer / skipped (time limit)", load.unanswered() + " / " + load.skipped(),
                check("seed every request answered" + c, load.unanswered() == 0 && load.skipped() == 0));
        line("throughput", String.format("%,d requests in %.1f s = %,.0f req/s", load.requests(), load.wallSeconds(),
                load.requestsPerSecond()), "");
        line("latency", load.latency().toString(), "");
        line("first sold-out answer after", String.format("%,.0f ms", load.millisUntilFirst("sold-out")), "");
        line("all " + String.format("%,d", seed.buyers()) + " buyers answered after", String.format("%,.0f ms", load.millisUntilLastAnswer()), "");
        printInvariants(seed.ledger());
    }

    private Map<Integer, LoadResult> successPath(SuccessPath success, int shards) throws InterruptedException, SQLException {
        heading("Success path: " + String.format("%,d", options.successRequests()) + " reservations per concurrency, each on a fresh SKU of "
                + String.format("%,d", SuccessPath.UNITS) + " units (never sold out) over " + shards + " stock row(s)");
        Map<Integer, LoadResult> byConcurrency = new TreeMap<>();
        List<String> skus = new ArrayList<>();
        JsonArrayBuilder json = Json.createArrayBuilder();
        for (int concurrency : options.successConcurrencies()) {
            String sku = sku("SUCCESS-S" + shards + "-C" + concurrency);
            settle();
            JsonObject groupsBefore = client.checkoutGroups();
            LoadResult load = success.run(sku, shards, concurrency, options.successRequests());
            GroupUse groups = GroupUse.between(groupsBefore, client.checkoutGroups());
            System.out.printf("  c=%-4d %,6.0f reservations/s (%,d created, %,.0f req/s), %s, other answers %s%n", concurrency,
                    load.createdPerSecond(), load.created(), load.requestsPerSecond(), load.latency(), otherThan201(load));
            System.out.println("         shared transactions: " + groups);
            check("success path no 5xx (c=" + concurrency + ", shards=" + shards + ")", load.serverErrors() == 0 && load.unanswered() == 0);
            byConcurrency.put(concurrency, load);
            skus.add(sku);
            json.add(Json.createObjectBuilder(load.toJson()).add("sku", sku).add("checkoutGroups", groups.toJson()));
        }
        results.add(shards == options.shards() ? "successPath" : "successPathOneRow", json);
        for (String sku : skus) {
            invariants(sku);
        }
        return byConcurrency;
    }

    private Map<Integer, LoadResult> soldOutPath(SuccessPath success) throws InterruptedException {
        heading("Sold-out path: " + String.format("%,d", options.successRequests())
                + " reservations per concurrency on a SKU whose one unit is taken (every one must be refused)");
        Map<Integer, LoadResult> byConcurrency = new TreeMap<>();
        JsonArrayBuilder json = Json.createArrayBuilder();
        for (int concurrency : options.successConcurrencies()) {
            String sku = sku("SOLD-OUT-C" + concurrency);
            settle();
            LoadResult load = success.soldOut(sku, concurrency, options.successRequests());
            System.out.printf("  c=%-4d %,6.0f refusals/s (%,d sold-out of %,d), %s, other answers %s%n", concurrency,
                    load.soldOutPerSecond(), load.soldOut(), load.requests(), load.latency(), format(load.byStatus()));
            check("sold-out path: every request refused as sold out (c=" + concurrency + ")", load.soldOut() == load.requests());
            byConcurrency.put(concurrency, load);
            json.add(Json.createObjectBuilder(load.toJson()).add("sku", sku).add("soldOutPerSecond", load.soldOutPerSecond()));
        }
        results.add("soldOutPath", json);
        return byConcurrency;
    }

    private Map<Integer, LoadResult> pingCeiling() throws InterruptedException {
        heading("Ceiling (a): GET /api/ping, " + String.format("%,d", options.successRequests()) + " requests per concurrency");
        PingCeiling ping = new PingCeiling(client);
        Map<Integer, LoadResult> byConcurrency = new TreeMap<>();
        JsonArrayBuilder json = Json.createArrayBuilder();
        for (int concurrency : allConcurrencies()) {
            settle();
            LoadResult load = ping.run(concurrency, options.successRequests());
            System.out.printf("  c=%-4d %,6.0f req/s, %s, non-200: %d%n", concurrency, load.requestsPerSecond(), load.latency(),
                    load.count(sample -> sample.status() != 200));
            byConcurrency.put(concurrency, load);
            json.add(load.toJson());
        }
        results.add("pingCeiling", json);
        return byConcurrency;
    }

    private Map<Integer, PgbenchCeiling.Result> pgbenchCeiling(int shards) {
        heading("Ceiling (b): pgbench -M prepared -T " + options.pgbenchSeconds() + " -f " + options.pgbenchScript()
                + " (the reserve transaction alone) over " + shards + " stock row(s)");
        Map<Integer, PgbenchCeiling.Result> byConcurrency = new TreeMap<>();
        JsonArrayBuilder json = Json.createArrayBuilder();
        try {
            PgbenchCeiling pgbench = new PgbenchCeiling(options);
            List<String> skus = new ArrayList<>();
            for (int concurrency : allConcurrencies()) {
                // A fresh stock row per run, as for the success path: dead row versions slow the next run down.
                String sku = sku("PGBENCH-S" + shards + "-C" + concurrency);
                client.openSale(sku, SuccessPath.UNITS, shards);
                skus.add(sku);
                int clients = Math.max(1, Math.min(concurrency, ledger.connectionsToSpare(CONNECTIONS_KEPT_FREE)));
                settle();
                PgbenchCeiling.Result result = pgbench.run(sku, shards, concurrency, clients);
                System.out.printf("  c=%-4d %,6.0f tps with %d clients%s, latency average %.1f ms, %,d transactions, %d failed%n",
                        concurrency, result.tps(), clients, clients < concurrency ? " (max_connections leaves no more)" : "",
                        result.latencyAverageMs(), result.transactions(), result.failed());
                byConcurrency.put(concurrency, result);
                json.add(Json.createObjectBuilder(result.toJson()).add("sku", sku));
            }
            for (String sku : skus) {
                invariants(sku);
            }
        } catch (IOException | InterruptedException | SQLException | RuntimeException e) {
            System.out.println("  pgbench ceiling not measured: " + e.getMessage());
            json.add(Json.createObjectBuilder().add("error", String.valueOf(e.getMessage())));
        }
        results.add(shards == options.shards() ? "pgbenchCeiling" : "pgbenchCeilingOneRow", json);
        return byConcurrency;
    }

    private Map<Integer, RedisCeiling.Result> redisCeiling() {
        heading("Ceiling (c): redis-benchmark EVALSHA lua/reserve.lua, " + String.format("%,d", options.redisRequests())
                + " calls per concurrency");
        Map<Integer, RedisCeiling.Result> byConcurrency = new TreeMap<>();
        JsonArrayBuilder json = Json.createArrayBuilder();
        RedisCeiling redis = new RedisCeiling(options.redisHost(), options.redisPort(), sku("REDIS"));
        try {
            redis.prepare();
            for (int concurrency : allConcurrencies()) {
                RedisCeiling.Result result = redis.run(concurrency, options.redisRequests());
                System.out.printf("  c=%-4d %,8.0f calls/s, p50 %.2f ms, p99 %.2f ms%n", concurrency, result.requestsPerSecond(),
                        result.p50Ms(), result.p99Ms());
                byConcurrency.put(concurrency, result);
                json.add(result.toJson());
            }
        } catch (IOException | InterruptedException | RuntimeException e) {
            System.out.println("  Redis ceiling not measured: " + e.getMessage());
            json.add(Json.createObjectBuilder().add("error", String.valueOf(e.getMessage())));
        } finally {
            try {
                System.out.printf("  (%,d benchmark keys removed from Redis again)%n", redis.cleanUp());
            } catch (RuntimeException e) {
                System.out.println("  Could not remove the benchmark keys from Redis: " + e.getMessage());
            }
        }
        results.add("redisCeiling", json);
        return byConcurrency;
    }

    private void printRatios(List<SeedScenario.Outcome> seeds, Map<Integer, LoadResult> successes, Map<Integer, LoadResult> soldOut,
                             Map<Integer, LoadResult> pings,
                             Map<Integer, PgbenchCeiling.Result> pgbench, Map<Integer, RedisCeiling.Result> redis) {
        List<Ratio> ratios = new ArrayList<>();
        for (SeedScenario.Outcome seed : seeds) {
            int c = seed.concurrency();
            String figure = "seed req/s, c=" + c;
            double rps = seed.load().requestsPerSecond();
            addIfMeasured(ratios, figure, rps, "ping (HTTP ceiling)", pings.containsKey(c) ? pings.get(c).requestsPerSecond() : null);
            addIfMeasured(ratios, figure, rps, "Redis reserve.lua", redis.containsKey(c) ? redis.get(c).requestsPerSecond() : null);
        }
        successes.forEach((c, load) -> {
            String figure = "success reservations/s, c=" + c;
            PgbenchCeiling.Result pg = pgbench.get(c);
            addIfMeasured(ratios, figure, load.createdPerSecond(), pg == null ? "pgbench" : "pgbench reserve tx (" + pg.clients() + " clients)",
                    pg == null ? null : pg.tps());
            addIfMeasured(ratios, figure, load.createdPerSecond(), "ping (HTTP ceiling)", pings.containsKey(c) ? pings.get(c).requestsPerSecond() : null);
        });
        soldOut.forEach((c, load) -> addIfMeasured(ratios, "sold-out refusals/s, c=" + c, load.soldOutPerSecond(), "ping (HTTP ceiling)",
                pings.containsKey(c) ? pings.get(c).requestsPerSecond() : null));
        heading("Figures as a share of their ceilings (same concurrency, same run)");
        ratios.forEach(ratio -> System.out.println("  " + ratio));
        JsonArrayBuilder json = Json.createArrayBuilder();
        ratios.forEach(ratio -> json.add(ratio.toJson()));
        results.add("ratios", json);
    }

    /**
     * Sharded against one row, same concurrency, same run: the application's success path, and
     * pgbench's reserve transaction (where the row lock is all there is to contend on).
     */
    private void printShardRatios(Map<Integer, LoadResult> sharded, Map<Integer, LoadResult> oneRow,
                                  Map<Integer, PgbenchCeiling.Result> pgSharded, Map<Integer, PgbenchCeiling.Result> pgOneRow) {
        if (oneRow.isEmpty()) {
            return;
        }
        heading(options.shards() + " shards against one stock row (same run)");
        List<Ratio> ratios = new ArrayList<>();
        sharded.forEach((c, load) -> {
            LoadResult single = oneRow.get(c);
            if (single != null) {
                ratios.add(new Ratio("success reservations/s with " + options.shards() + " shards, c=" + c,
                        load.createdPerSecond(), "one stock row", single.createdPerSecond()));
            }
        });
        pgSharded.forEach((c, result) -> {
            PgbenchCeiling.Result single = pgOneRow.get(c);
            if (single != null) {
                ratios.add(new Ratio("pgbench reserve tps with " + options.shards() + " shards, c=" + c, result.tps(),
                        "one stock row", single.tps()));
            }
        });
        JsonArrayBuilder json = Json.createArrayBuilder();
        ratios.forEach(ratio -> {
            System.out.println("  " + ratio);
            json.add(ratio.toJson());
        });
        results.add("shardRatios", json);
    }

    private static void addIfMeasured(List<Ratio> ratios, String figure, double value, String ceiling, Double ceilingValue) {
        if (ceilingValue != null) {
            ratios.add(new Ratio(figure, value, ceiling, ceilingValue));
        }
    }

    private void invariants(String sku) throws SQLException {
        LedgerInvariants.Verdict verdict = ledger.check(sku);
        verdict.checks().forEach((name, pass) -> check(name + " [" + sku + "]", pass));
        long passed = verdict.checks().values().stream().filter(pass -> pass).count();
        System.out.printf("  %s  %d/%d PostgreSQL invariants of %s %s%n", verdict.allPass() ? "PASS" : "FAIL", passed,
                verdict.checks().size(), sku, verdict.counts());
        results.add("invariants-" + sku, verdict.toJson());
    }

    private void printInvariants(LedgerInvariants.Verdict verdict) {
        System.out.println("  PostgreSQL invariants of " + verdict.sku() + ":");
        verdict.checks().forEach((name, pass) -> System.out.println("    " + check(name + " [" + verdict.sku() + "]", pass) + "  " + name));
    }

    private void writeFiles(String mode, List<SeedScenario.Outcome> seeds) throws IOException {
        Path directory = Path.of(options.outputDir());
        Files.createDirectories(directory);
        Path json = directory.resolve("results-" + runId + ".json");
        Path html = directory.resolve("report-" + runId + ".html");
        StringWriter text = new StringWriter();
        JsonWriterFactory pretty = Json.createWriterFactory(Map.of(JsonGenerator.PRETTY_PRINTING, true));
        try (JsonWriter writer = pretty.createWriter(text)) {
            writer.writeObject(results.build());
        }
        Files.writeString(json, text.toString(), StandardCharsets.UTF_8);
        Files.writeString(html, HtmlReport.render(runId, mode, seeds), StandardCharsets.UTF_8);
        System.out.println("Results: " + json.toAbsolutePath() + "\nChart:   " + html.toAbsolutePath());
    }

    private String check(String name, boolean pass) {
        checks.put(name, pass);
        return pass ? "PASS" : "FAIL";
    }

    private SortedSet<Integer> allConcurrencies() {
        SortedSet<Integer> all = new TreeSet<>(options.seedConcurrencies());
        all.addAll(options.successConcurrencies());
        return all;
    }

    /** A SKU of this run only: BENCH-&lt;run&gt;-&lt;purpose&gt;. */
    private String sku(String purpose) {
        return "BENCH-" + runId + "-" + purpose;
    }

    /** A checkpoint before each measured run, so that no earlier phase's WAL is flushed during it. */
    private void settle() {
        ledger.checkpoint().ifPresent(why -> {
            if (checkpointRefusal == null) {
                checkpointRefusal = why;
                System.out.println("  (no CHECKPOINT between phases: " + why + "; figures may include checkpoint I/O)");
            }
        });
    }

    private static void heading(String title) {
        System.out.println();
        System.out.println("== " + title);
    }

    private static void line(String label, String value, String verdict) {
        System.out.printf("  %-38s %-34s %s%n", label, value, verdict);
    }

    private static String format(Map<?, Long> counts) {
        return counts.entrySet().stream().map(entry -> entry.getKey() + ": " + String.format("%,d", entry.getValue()))
                .collect(Collectors.joining(", "));
    }

    private static String otherThan201(LoadResult load) {
        Map<Integer, Long> others = new TreeMap<>(load.byStatus());
        others.remove(201);
        return others.isEmpty() ? "none" : format(others);
    }
}
