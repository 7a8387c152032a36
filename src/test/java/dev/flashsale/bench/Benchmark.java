package dev.flashsale.bench;

import dev.flashsale.testsupport.TestDatabase;
import dev.flashsale.testsupport.TestRedis;
import jakarta.json.Json;
import jakarta.json.JsonArrayBuilder;
import jakarta.json.JsonObject;
import jakarta.json.JsonObjectBuilder;
import jakarta.json.JsonWriter;
import jakarta.json.JsonWriterFactory;
import jakarta.json.stream.JsonGenerator;
import java.io.IOException;
import java.io.StringWriter;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.SQLException;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.Set;
import java.util.TreeMap;
import java.util.function.Function;
import java.util.stream.Collectors;

/**
 * The benchmark program (not a test). Every HTTP load is wrk's (bench/*.lua); this program sets
 * the sales up (admin API), runs the phases, checks the no-oversell invariants in PostgreSQL,
 * and prints every figure beside its latency, its 5xx and unexpected answers, the invariants'
 * verdict and the server's resident memory, as a share of its ceiling measured in the same run:
 * the container's floor (a WAR of one static file on the same Payara Micro), pgbench with the
 * product's reserve transaction, redis-benchmark with the product's gate script. It writes
 * target/bench/results-&lt;run&gt;.json and report-&lt;run&gt;.html.
 * <p>
 * With {@code --start-server} it starts everything itself (a Redis, the database
 * flashsale_bench, the application once per gate mode, measuring the first seed scenario right
 * after readiness); else it runs against a running application ({@code --base}, see
 * {@link BenchOptions#USAGE}).
 */
public final class Benchmark {

    private static final DateTimeFormatter RUN_ID = DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss").withZone(ZoneOffset.UTC);
    /** PostgreSQL connections pgbench leaves free for the application and everybody else. */
    private static final int CONNECTIONS_KEPT_FREE = 15;
    /** The benchmark's own ping may differ from plain wrk's by this share at most. */
    private static final double PING_TOLERANCE = 0.10;

    /** What one application server (one gate mode) measured, for the side-by-side table. */
    private record Mode(String label, Duration startup, SeedScenario.Outcome cold, List<SeedScenario.Outcome> warm,
                        List<Long> residentMiB, List<WrkSummary> soldOut) {
    }

    private final BenchOptions options;
    private final Wrk wrk;
    private final LedgerInvariants ledger;
    private final Path outputDir;
    private final String runId = RUN_ID.format(Instant.now());
    private final Map<String, Boolean> checks = new LinkedHashMap<>();
    private final JsonObjectBuilder results = Json.createObjectBuilder();
    private final List<Figure> figures = new ArrayList<>();
    private final List<SeedScenario.Outcome> charted = new ArrayList<>();
    private final List<Mode> modes = new ArrayList<>();
    private Figure floor;
    /** The bare Grizzly handler beside the floor's servlet container: the ceiling of the storefront's own door. */
    private Figure bare;
    /** Ping runs this long, unmeasured, before its measured pairs. */
    private static final int PING_WARM_UP_SECONDS = 20;

    /** Each room script runs this long, unmeasured, before its measured runs. */
    private static final int ROOM_WARM_UP_SECONDS = 5;
    private static final int STOCK_WARM_UP_SECONDS = 5;
    private static final String STOCK_READS = "flashsale_stock_level_reads_total";

    private static final String GATE_ON = "gate on";

    /** Whether the waiting room was measured (once: it does not use the gate). */
    private boolean roomMeasured;
    private boolean stockMeasured;

    /** The application's client of the phases now running. */
    private FlashSaleClient client;
    private String checkpointRefusal;

    private Benchmark(BenchOptions options) {
        this.options = options;
        this.wrk = new Wrk(options.wrkThreads());
        this.ledger = new LedgerInvariants(options.dbUrl(), options.dbUser(), options.dbPassword());
        this.outputDir = Path.of(options.outputDir());
    }

    public static void main(String[] args) throws Exception {
        Wrk.requireInstalled();
        new Benchmark(BenchOptions.parse(args)).run();
    }

    private void run() throws Exception {
        System.out.println("flashsale benchmark " + runId);
        System.out.println(options.describe());
        results.add("runId", runId).add("startedAt", Instant.now().toString()).add("options", options.describe());
        Files.createDirectories(outputDir);
        if (options.startServer()) {
            startServices();
        }
        try {
            if (options.coldOnly()) {
                measureOwnServer(options.gateModes().get(0), false);
            } else {
                measureFloor();
            }
            if (options.coldOnly()) {
                System.out.println("  (--only cold: no other phase)");
            } else if (options.roomOnly() || options.stockOnly()) {
                measureOwnServer(options.gateModes().get(0), false);
                System.out.println("  (--only " + (options.roomOnly() ? "room" : "stock") + ": no other phase)");
            } else if (options.startServer()) {
                for (int i = 0; i < options.gateModes().size(); i++) {
                    measureOwnServer(options.gateModes().get(i), i == 0);
                }
            } else {
                measure(new FlashSaleClient(options.base(), options.adminUser(), options.adminPassword()), null, true);
            }
        } finally {
            if (options.startServer()) {
                TestRedis.stop();
            }
        }
        if (!modes.isEmpty()) {
            printModes();
        }
        heading("Figures (medians of their runs), each as a share of its ceiling, same run");
        System.out.println("  " + Figure.header());
        JsonArrayBuilder json = Json.createArrayBuilder();
        figures.forEach(figure -> {
            System.out.println("  " + figure);
            json.add(figure.toJson());
        });
        results.add("figures", json);
        JsonObjectBuilder checksJson = Json.createObjectBuilder();
        checks.forEach((check, pass) -> checksJson.add(check, pass ? "PASS" : "FAIL"));
        results.add("checks", checksJson).add("finishedAt", Instant.now().toString());
        writeFiles();
        List<String> failed = checks.entrySet().stream().filter(check -> !check.getValue()).map(Map.Entry::getKey).toList();
        System.out.println(failed.isEmpty() ? "ALL CHECKS PASS (" + checks.size() + ")" : "FAILED CHECKS: " + failed);
        if (!failed.isEmpty()) {
            throw new IllegalStateException("Benchmark checks failed: " + failed);
        }
    }

    /** A Redis of the benchmark's own, and its database created afresh. */
    private void startServices() throws SQLException {
        if (!"127.0.0.1".equals(options.redisHost())) {
            throw new IllegalArgumentException("--start-server starts its Redis on 127.0.0.1; --redis must name that host");
        }
        System.setProperty("it.redis.port", Integer.toString(options.redisPort()));
        TestRedis.start();
        Runtime.getRuntime().addShutdownHook(new Thread(TestRedis::stop, "bench-redis-stop"));
        URI db = URI.create(options.dbUrl().substring("jdbc:".length()));
        String name = db.getPath().substring(1);
        String maintenance = "jdbc:postgresql://" + db.getHost() + ":" + (db.getPort() > 0 ? db.getPort() : 5432) + "/postgres";
        System.setProperty("it.db.password", options.dbPassword());
        TestDatabase.main(new String[] {"recreate", maintenance, options.dbUser(), name});
        System.out.println("Redis of its own at 127.0.0.1:" + options.redisPort() + ", database " + name + " created afresh");
    }

    private void measureFloor() throws IOException, InterruptedException {
        int c = options.mainConcurrency();
        heading("Ceilings: the container's floor, a WAR of one static file on the same Payara Micro, and a bare Grizzly handler beside it (" + BenchServer.JVM_OPTIONS
                + "), wrk -c" + c + " -d" + options.seconds() + "s, " + options.repeats() + " runs after a warm-up");
        Path uberJar = Floor.build(outputDir, Path.of(options.payaraMicro()));
        PingCeiling ping = new PingCeiling(wrk);
        List<WrkSummary> runs = new ArrayList<>();
        List<WrkSummary> bareRuns = new ArrayList<>();
        try (BenchServer server = Floor.start(uberJar, options.floorPort(), outputDir)) {
            URI url = server.base().resolve(Floor.PATH);
            System.out.printf("  started in %.1f s; warming up %d s%n", server.startup().toMillis() / 1000.0, options.warmupSeconds());
            ping.scripted(url, c, Math.max(1, options.warmupSeconds()));
            for (int i = 0; i < options.repeats(); i++) {
                WrkSummary run = ping.scripted(url, c, options.seconds());
                System.out.println("  " + describe(run, Set.of(200)));
                runs.add(run);
            }
            floor = figure("floor: static file, c=" + c, runs, WrkSummary::perSecondRate, Set.of(200), null, server.residentMiB(), null, null);
            URI bareUrl = server.base().resolve(Floor.BARE_PATH);
            ping.scripted(bareUrl, c, Math.max(1, options.warmupSeconds()));
            for (int i = 0; i < options.repeats(); i++) {
                WrkSummary run = ping.scripted(bareUrl, c, options.seconds());
                System.out.println("  bare handler: " + describe(run, Set.of(200)));
                bareRuns.add(run);
            }
            bare = figure("bare Grizzly handler beside it, c=" + c, bareRuns, WrkSummary::perSecondRate, Set.of(200), null,
                    server.residentMiB(), "floor c=" + c, floor.value());
        }
        check("floor: every answer 200", runs.stream().allMatch(run -> run.unexpected(Set.of(200)) == 0 && run.socketErrors() == 0));
        check("bare handler: every answer 200", bareRuns.stream().allMatch(run -> run.unexpected(Set.of(200)) == 0 && run.socketErrors() == 0));
        figures.add(floor);
        figures.add(bare);
        results.add("floor", summaries(runs));
        results.add("bareHandler", summaries(bareRuns));
    }

    private void measureOwnServer(boolean gate, boolean full) throws Exception {
        String label = gate ? "gate on" : "gate off";
        heading("Application (" + label + "): " + options.applicationJar() + " by payara/flashsale, " + BenchServer.JVM_OPTIONS
                + (options.appJavaOptions().isEmpty() ? "" : " " + options.appJavaOptions()));
        Map<String, String> environment = new LinkedHashMap<>();
        environment.put("FLASHSALE_DB_URL", options.dbUrl());
        environment.put("FLASHSALE_DB_USER", options.dbUser());
        if (!options.dbPassword().isEmpty()) {
            environment.put("FLASHSALE_DB_PASSWORD", options.dbPassword());
        }
        environment.put("FLASHSALE_REDIS_HOST", options.redisHost());
        environment.put("FLASHSALE_REDIS_PORT", Integer.toString(options.redisPort()));
        environment.put("FLASHSALE_ADMIN_USER", options.adminUser());
        environment.put("FLASHSALE_ADMIN_PASSWORD", options.adminPassword());
        environment.put("FLASHSALE_GATE_ENABLED", Boolean.toString(gate));
        // A configured storefront key, as a site would have: the launch script's warm-up runs the
        // keyed request path with it before the server reports ready.
        environment.put("FLASHSALE_STOREFRONT_API_KEY", "fsk_bench_" + java.util.UUID.randomUUID());
        // The rate limits stay on (their cost is measured), wide enough for one client sending everything.
        for (String limit : List.of("API_KEY", "ADDRESS")) {
            environment.put("FLASHSALE_LIMITS_" + limit + "_PER_SECOND", "1000000");
            environment.put("FLASHSALE_LIMITS_" + limit + "_BURST", "1000000");
        }
        environment.put("FLASHSALE_LIMITS_BUYER_PER_SECOND", "1000");
        environment.put("FLASHSALE_LIMITS_BUYER_BURST", "1000");
        Path log = outputDir.resolve("payara-app-" + (gate ? "gate-on" : "gate-off") + ".log");
        try (BenchServer server = BenchServer.start("application", Path.of(options.applicationJar()), options.port(), environment,
                "health/ready", log, options.appJavaOptions())) {
            System.out.printf("  ready (GET /health/ready 200) %.1f s after the launch; log in %s%n",
                    server.startup().toMillis() / 1000.0, log);
            measure(new FlashSaleClient(server.base(), options.adminUser(), options.adminPassword()), server, full);
        }
    }

    /**
     * The phases against one application: with {@code server} (the benchmark's own) first the
     * cold seed scenario; then the warm-up; ping; the seed scenario repeated (memory sampled
     * after each); and, when {@code full}, the other concurrencies, the success path, the
     * sold-out path and the PostgreSQL and Redis ceilings. A further mode measures the seed
     * scenario and the sold-out path only.
     */
    private void measure(FlashSaleClient client, BenchServer server, boolean full) throws Exception {
        this.client = client;
        URI base = server == null ? options.base() : server.base();
        JsonObject gate = client.gateStatus();
        String label = gate.getBoolean("inUse") ? GATE_ON : gate.getBoolean("enabled") ? "gate enabled, not in use" : "gate off";
        System.out.println("  Redis gate: " + label + " " + gate);
        SeedScenario scenario = new SeedScenario(client, ledger, options, wrk);
        SuccessPath success = new SuccessPath(client, wrk, base);
        JsonObjectBuilder json = Json.createObjectBuilder().add("gateBefore", gate);
        int c = options.mainConcurrency();

        SeedScenario.Outcome cold = null;
        if (server != null && !options.roomOnly() && !options.stockOnly()) {
            heading("Seed scenario (" + label + "), c=" + c + ", cold: the first requests the fresh server serves");
            cold = seed(scenario, base, sku("SEED-COLD-" + gateName(label)), c, server);
            json.add("coldSeed", cold.toJson());
            figures.add(seedFigure("seed, " + label + ", c=" + c + ", cold (first after ready)", List.of(cold), server));
            charted.add(cold);
        }
        warmUp(success, label);

        if (full || options.roomOnly() || options.stockOnly()) {
            Figure ping = pingPhase(base, server, label, json);
            if (!roomMeasured && !options.stockOnly()) {
                roomPhase(new RoomQueue(client, wrk, base), label, ping, json);
                roomMeasured = true;
            }
            if (!stockMeasured && !options.roomOnly()) {
                stockPhase(base, label, ping, json);
                stockMeasured = true;
            }
        }
        if (options.roomOnly() || options.stockOnly()) {
            results.add(gateName(label), json.add("gateAfter", client.gateStatus()));
            return;
        }

        List<SeedScenario.Outcome> warm = new ArrayList<>();
        List<Long> resident = new ArrayList<>();
        // Ten seeds (--memory-seeds) on the first server show whether its memory stays flat; a further mode repeats fewer.
        int count = server != null && full ? options.memorySeeds() : options.repeats();
        heading("Seed scenario (" + label + "), c=" + c + ", warm, " + count + " runs"
                + (server == null ? "" : ", the server's resident memory after each"));
        for (int i = 0; i < count; i++) {
            SeedScenario.Outcome outcome = seed(scenario, base, sku("SEED-" + gateName(label) + "-C" + c + "-" + i), c, server);
            warm.add(outcome);
            if (server != null) {
                server.residentMiB().ifPresent(resident::add);
            }
        }
        if (!resident.isEmpty()) {
            System.out.println("  resident memory after each (MiB): " + resident.stream().map(Object::toString)
                    .collect(Collectors.joining(", ")) + String.format(" (first to last %+d MiB)", resident.get(resident.size() - 1) - resident.get(0)));
        }
        figures.add(seedFigure("seed, " + label + ", c=" + c + ", warm", warm, server));
        charted.add(Figure.median(warm, outcome -> outcome.load().perSecondRate()));
        json.add("warmSeeds", outcomes(warm)).add("residentMiBAfterEachSeed", longs(resident));

        if (full && label.equals(GATE_ON)) {
            seedsDesignPhase(scenario, base, server, json);
        }

        List<WrkSummary> soldOutAtC = new ArrayList<>();
        if (full) {
            for (int other : options.seedConcurrencies().subList(1, options.seedConcurrencies().size())) {
                heading("Seed scenario (" + label + "), c=" + other + ", warm, " + options.repeats() + " runs");
                List<SeedScenario.Outcome> runs = new ArrayList<>();
                for (int i = 0; i < options.repeats(); i++) {
                    runs.add(seed(scenario, base, sku("SEED-" + gateName(label) + "-C" + other + "-" + i), other, server));
                }
                figures.add(seedFigure("seed, " + label + ", c=" + other + ", warm", runs, server));
                json.add("seedC" + other, outcomes(runs));
            }
            Map<Integer, List<WrkSummary>> successes = successPath(success, options.shards(), label, json);
            Map<Integer, List<WrkSummary>> oneRow = options.shards() > 1 ? successPath(success, 1, label, json) : Map.of();
            Map<Integer, List<WrkSummary>> soldOut = soldOutPath(success, options.successConcurrencies(), label, server, json);
            soldOutAtC = soldOut.getOrDefault(c, List.of());
            Map<Integer, PgbenchCeiling.Result> pgbench = pgbenchCeiling(options.shards());
            Map<Integer, PgbenchCeiling.Result> pgbenchOneRow = options.shards() > 1 ? pgbenchCeiling(1) : Map.of();
            Map<Integer, RedisCeiling.Result> redis = redisCeiling();
            successFigures(successes, pgbench, options.shards(), label, server);
            successFigures(oneRow, pgbenchOneRow, 1, label, server);
            shardFigures(successes, oneRow, pgbench, pgbenchOneRow);
            soldOut.forEach((concurrency, runs) -> {
                figures.add(figure("sold-out refusals, " + label + ", c=" + concurrency, runs, Benchmark::refusals,
                        Set.of(409), invariantsOf(sku("SOLD-OUT-" + gateName(label) + "-C" + concurrency)), resident(server),
                        "floor c=" + c, floor.value()));
                RedisCeiling.Result r = redis.get(concurrency);
                if (r != null && gate.getBoolean("inUse")) {
                    figures.add(figure("sold-out refusals, " + label + ", c=" + concurrency + ", gate's path", runs,
                            Benchmark::refusals, Set.of(409), null, OptionalLong.empty(),
                            "redis-benchmark reserve.lua c=" + concurrency, r.requestsPerSecond()));
                }
            });
        } else if (!options.coldOnly()) {
            soldOutAtC = soldOutPath(success, List.of(c), label, server, json).get(c);
            figures.add(figure("sold-out refusals, " + label + ", c=" + c, soldOutAtC, Benchmark::refusals,
                    Set.of(409), invariantsOf(sku("SOLD-OUT-" + gateName(label) + "-C" + c)), resident(server), "floor c=" + c, floor.value()));
        }
        JsonObject gateAfter = client.gateStatus();
        System.out.println("  Redis gate after the phases: " + gateAfter);
        results.add(gateName(label), json.add("gateAfter", gateAfter));
        modes.add(new Mode(label, server == null ? null : server.startup(), cold, warm, resident, soldOutAtC));
    }

    private void warmUp(SuccessPath success, String label) {
        if (options.warmupSeconds() <= 0) {
            System.out.println("  No warm-up (--warmup-seconds 0): the first figures include the JIT compiling the server");
            return;
        }
        heading("Warm-up (" + label + "): " + options.warmupSeconds() + " s of reservations at c=64 (half success path, half sold out), not measured");
        success.warmUp(options.warmupSeconds(), sku("WARMUP-" + gateName(label)), sku("WARMUP-SOLD-OUT-" + gateName(label)), options.shards());
    }

    /**
     * Queue tickets taken and polled, each as a share of ping in the same run (the target is 0.8):
     * both answer from Redis and this node's memory, as ping answers from memory alone.
     */
    private void roomPhase(RoomQueue room, String label, Figure ping, JsonObjectBuilder json) throws Exception {
        int c = options.mainConcurrency();
        heading("Waiting room (" + label + "), c=" + c + ", " + options.seconds() + " s per run, " + options.repeats()
                + " runs each after " + ROOM_WARM_UP_SECONDS + " s of each unmeasured: new tickets (bench/room_tickets.lua), then polls of " + String.format("%,d", RoomQueue.POLLED_TICKETS)
                + " tickets (bench/room_polls.lua) in a room admitting " + RoomQueue.ADMISSION_PER_SECOND + " buyers a second");
        Path ticketsFile = Path.of("target", "bench-room-tickets.txt");
        String sale = room.prepare(sku("ROOM"), ticketsFile);
        // Both paths through the JIT first, as the warm-up did for reservations: not measured.
        room.tickets(sale, c, ROOM_WARM_UP_SECONDS, "warm-up");
        room.polls(sale, ticketsFile, c, ROOM_WARM_UP_SECONDS);
        List<WrkSummary> tickets = new ArrayList<>();
        List<WrkSummary> polls = new ArrayList<>();
        for (int i = 0; i < options.repeats(); i++) {
            settle();
            WrkSummary taken = room.tickets(sale, c, options.seconds(), "run" + i);
            System.out.printf("  tickets: %s%n", describe(taken, Set.of(201)));
            check("room: every ticket answer 201 (run " + i + ")", taken.unexpected(Set.of(201)) == 0 && taken.socketErrors() == 0);
            tickets.add(taken);
            WrkSummary polled = room.polls(sale, ticketsFile, c, options.seconds());
            System.out.printf("  polls:   %s%n", describe(polled, Set.of(200)));
            check("room: every poll answer 200 (run " + i + ")", polled.unexpected(Set.of(200)) == 0 && polled.socketErrors() == 0);
            polls.add(polled);
        }
        String ceiling = "ping c=" + c + " (bench/ping.lua)";
        figures.add(figure("room tickets, c=" + c, tickets, WrkSummary::perSecondRate, Set.of(201), null, OptionalLong.empty(),
                ceiling, ping.value()));
        figures.add(figure("room polls, c=" + c, polls, WrkSummary::perSecondRate, Set.of(200), null, OptionalLong.empty(),
                ceiling, ping.value()));
        json.add("roomTickets", summaries(tickets)).add("roomPolls", summaries(polls));
        roomSeedPhase(label, json);
        reofferPhase(label, json);
    }

    /**
     * A product page's crowd: the stock level of one SKU on sale asked for by every connection at
     * once, against ping; and how many reads of PostgreSQL it cost (the node's
     * {@code flashsale_stock_level_reads_total}: the requests that come while a read runs share the next).
     */
    private void stockPhase(URI base, String label, Figure ping, JsonObjectBuilder json) {
        int c = options.mainConcurrency();
        heading("Stock level of one SKU (" + label + "), c=" + c + ", " + options.seconds() + " s per run, " + options.repeats()
                + " runs after " + STOCK_WARM_UP_SECONDS + " s of it unmeasured (bench/stock_level.lua)");
        String sku = sku("STOCK");
        client.openSale(sku, options.seedUnits(), 1);
        wrk.forSeconds("stock_level.lua", base, c, STOCK_WARM_UP_SECONDS, sku, client.storefrontKey());
        List<WrkSummary> runs = new ArrayList<>();
        List<Double> readsPerRequest = new ArrayList<>();
        for (int i = 0; i < options.repeats(); i++) {
            settle();
            double readsBefore = client.metric(STOCK_READS);
            WrkSummary run = wrk.forSeconds("stock_level.lua", base, c, options.seconds(), sku, client.storefrontKey());
            double reads = client.metric(STOCK_READS) - readsBefore;
            readsPerRequest.add(run.answered() == 0 ? 0 : reads / run.answered());
            System.out.printf("  %s; %,.0f reads of PostgreSQL, %.3f a request%n", describe(run, Set.of(200)), reads,
                    readsPerRequest.get(i));
            check("stock level: every answer 200 (run " + i + ")", run.unexpected(Set.of(200)) == 0 && run.socketErrors() == 0);
            runs.add(run);
        }
        figures.add(figure("stock level of one SKU, c=" + c, runs, WrkSummary::perSecondRate, Set.of(200), null, OptionalLong.empty(),
                "ping c=" + c + " (bench/ping.lua)", ping.value()));
        JsonArrayBuilder reads = Json.createArrayBuilder();
        readsPerRequest.forEach(reads::add);
        json.add("stockLevel", summaries(runs)).add("stockReadsPerRequest", reads);
    }

    /** How long a unit given back waits for the next waiting buyer (the target: 2 s at the 99th percentile). */
    private void reofferPhase(String label, JsonObjectBuilder json) {
        heading("Waiting room (" + label + "): units given back re-offered, " + ReofferTimes.UNITS + " holds cancelled one after"
                + " another while as many tickets wait; from each cancel's request to the next ticket's poll (every "
                + ReofferTimes.POLL_EVERY.toMillis() + " ms) that answers ADMITTED");
        settle();
        ReofferTimes.Outcome outcome = new ReofferTimes(client).run(sku("REOFFER"));
        System.out.printf("  re-offered in p50 %d ms, p99 %d ms, max %d ms over %d returns (%d not admitted within 30 s)%n",
                outcome.percentile(0.50), outcome.percentile(0.99), outcome.percentile(1.0), outcome.millis().size(), outcome.missing());
        check("re-offer: every unit given back admitted the next waiting ticket", outcome.missing() == 0);
        json.add("reoffer", outcome.toJson());
    }

    /** The seed scenario's crowd through the waiting room, timed, with the Redis calls its tickets and polls took. */
    private void roomSeedPhase(String label, JsonObjectBuilder json) throws Exception {
        heading("Waiting room (" + label + "): " + String.format("%,d", RoomSeedScenario.BUYERS) + " buyers for " + RoomSeedScenario.UNITS
                + " units take tickets, poll until admitted (then reserve) or told no unit is free, the holders pay, the rest are told SOLD_OUT");
        settle();
        RoomSeedScenario.Outcome outcome = new RoomSeedScenario(client).run(sku("ROOM-SEED"));
        System.out.printf("  tickets in %.1f s, every buyer holding or told no unit is free after %.1f s, all told after %.1f s;"
                        + " polled %s, then %s; %,.0f Redis calls carried %,.0f tickets and polls (%.1f a call)%n",
                outcome.ticketSeconds(), outcome.untilAllHeldSeconds(), outcome.totalSeconds(), outcome.polled(), outcome.after(),
                outcome.redisCalls(), outcome.carried(), outcome.carried() / Math.max(1, outcome.redisCalls()));
        check("room seed: exactly the units held, every other buyer told no unit is free, admitted = units", outcome.holdsExactlyTheUnits());
        check("room seed: after the payments every other ticket answers SOLD_OUT", outcome.restToldSoldOut());
        check("room seed: the units sold, none held, none oversold", outcome.soldExactlyTheUnits());
        check("room seed: the crowd's tickets and polls shared Redis calls", outcome.redisCalls() < outcome.carried());
        json.add("roomSeed", outcome.toJson());
    }

    /**
     * The seeds' own design in Node beside the application, both warm, in turn: ping, then the
     * seed scenario (the same wrk script at both) {@code --repeats} times, then once each with the
     * big crowd ({@code --big-buyers}). The application's runs are checked as every seed scenario;
     * the design's by its own counts. The target: all answered in at most 0.8 of its time.
     */
    private void seedsDesignPhase(SeedScenario scenario, URI base, BenchServer server, JsonObjectBuilder json) throws Exception {
        int c = options.mainConcurrency();
        Path source = Path.of(options.peer());
        heading("Side by side with the seeds' design in Node (" + source + ", copied to " + outputDir.resolve("seeds-design")
                + "), c=" + c + ": ping, then the seed scenario, in turn");
        Optional<String> unavailable = options.peer().equals("none") ? Optional.of("--peer none") : SeedsDesign.unavailable(source);
        if (unavailable.isPresent()) {
            System.out.println("  NOT MEASURED: " + unavailable.get());
            json.add("seedsDesign", "not measured: " + unavailable.get());
            return;
        }
        List<SeedScenario.Outcome> ours = new ArrayList<>();
        List<WrkSummary> theirs = new ArrayList<>();
        try (SeedsDesign design = SeedsDesign.start(source, outputDir, options.peerPort(), options)) {
            PingCeiling ping = new PingCeiling(wrk);
            ping.scripted(design.base().resolve("api/ping"), c, PING_WARM_UP_SECONDS);
            designSeed(scenario, design, sku("DESIGN-WARM"), c, options.seedBuyers());
            List<WrkSummary> designPings = new ArrayList<>();
            for (int i = 0; i < options.repeats(); i++) {
                designPings.add(ping.scripted(design.base().resolve("api/ping"), c, options.seconds()));
            }
            figures.add(figure("ping, the seeds' design, c=" + c, designPings, WrkSummary::perSecondRate, Set.of(200), null,
                    OptionalLong.empty(), "floor c=" + c, floor.value()));
            for (int i = 0; i < options.repeats(); i++) {
                ours.add(seed(scenario, base, sku("SIDE-" + i), c, server));
                theirs.add(designSeed(scenario, design, sku("DESIGN-" + i), c, options.seedBuyers()));
            }
            sideBySide("seed, c=" + c, ours, theirs);
            if (options.bigBuyers() > 0) {
                OptionalLong before = resident(server);
                SeedScenario.Outcome big = seed(scenario, base, sku("SIDE-BIG"), c, options.bigBuyers(), server);
                OptionalLong after = resident(server);
                WrkSummary designBig = designSeed(scenario, design, sku("DESIGN-BIG"), c, options.bigBuyers());
                sideBySide(String.format("seed of %,d buyers, c=%d", options.bigBuyers(), c), List.of(big), List.of(designBig));
                if (before.isPresent() && after.isPresent()) {
                    System.out.printf("  resident memory before and after the application's %,d buyers: %d and %d MiB (%+d)%n",
                            options.bigBuyers(), before.getAsLong(), after.getAsLong(), after.getAsLong() - before.getAsLong());
                }
                json.add("bigSeed", big.toJson()).add("bigSeedDesign", designBig.toJson());
            }
        }
        json.add("sideBySideSeeds", outcomes(ours)).add("seedsDesignSeeds", summaries(theirs));
    }

    /** The design's crowd: every request answered 201, 200 or 409, exactly the units reserved. */
    private WrkSummary designSeed(SeedScenario scenario, SeedsDesign design, String sku, int concurrency, int buyers) {
        settle();
        design.openSku(sku, options.seedUnits());
        WrkSummary load = scenario.crowd(design.base(), sku, "-", concurrency, buyers);
        JsonObject counts = design.counts(sku);
        boolean answered = load.answered() == buyers + scenario.retriesOf(buyers) && load.socketErrors() == 0;
        check("seeds' design: exactly the units reserved, every request answered 200, 201 or 409 (" + sku + ")",
                SeedsDesign.heldExactly(counts, options.seedUnits()) && answered && load.unexpected(SeedScenario.EXPECTED) == 0);
        System.out.printf("  the seeds' design: %,d requests in %.1f s = %,.0f req/s, %s, %s; %s%n", load.answered(),
                load.wallMillis() / 1000, load.perSecondRate(), load.latency(), format(load.statuses()), counts);
        return load;
    }

    /** Both crowds' medians, and the application's time as a share of the design's (the target is 0.8 at most). */
    private void sideBySide(String name, List<SeedScenario.Outcome> ours, List<WrkSummary> theirs) {
        List<WrkSummary> ourLoads = ours.stream().map(SeedScenario.Outcome::load).toList();
        Figure design = figure(name + ", the seeds' design", theirs, WrkSummary::perSecondRate, SeedScenario.EXPECTED, null,
                OptionalLong.empty(), null, null);
        Figure product = figure(name + ", against the seeds' design", ourLoads, WrkSummary::perSecondRate, SeedScenario.EXPECTED,
                (ours.stream().allMatch(SeedScenario.Outcome::pass) ? "PASS " : "FAIL ") + ours.size() + " runs",
                OptionalLong.empty(), "the seeds' design", design.value());
        figures.add(design);
        figures.add(product);
        double ourSeconds = Figure.median(ourLoads.stream().map(load -> load.wallMillis() / 1000).toList(), s -> s);
        double theirSeconds = Figure.median(theirs.stream().map(load -> load.wallMillis() / 1000).toList(), s -> s);
        System.out.printf("  %s: all answered in %.2f s against the seeds' design's %.2f s: %.2f of its time (target at most 0.80);"
                        + " p99 %.1f ms against %.1f ms (target at most 50 ms)%n", name, ourSeconds, theirSeconds,
                ourSeconds / theirSeconds, product.latency().p99(), design.latency().p99());
    }

    private Figure pingPhase(URI base, BenchServer server, String label, JsonObjectBuilder json) {
        int c = options.mainConcurrency();
        heading("GET /api/ping (" + label + "), c=" + c + ", " + options.seconds() + " s: the benchmark's script (bench/ping.lua) and plain wrk "
                + "(wrk -t" + wrk.threads() + " -c" + c + " -d" + options.seconds() + "s, no script), alternately, " + options.repeats() + " times, after "
                + PING_WARM_UP_SECONDS + " s of it unmeasured");
        PingCeiling ping = new PingCeiling(wrk);
        // The warm-up pushed reservations through the JIT, not this path: unwarmed, each run of a pair
        // was faster than the one before it, and the pairs' ratios measured the JIT.
        ping.scripted(base.resolve("api/ping"), c, PING_WARM_UP_SECONDS);
        List<PingCeiling.Pair> pairs = new ArrayList<>();
        for (int i = 0; i < options.repeats(); i++) {
            PingCeiling.Pair pair = ping.pair(base.resolve("api/ping"), c, options.seconds());
            System.out.printf("  %s | plain wrk %,.0f req/s | ratio %.3f%n", describe(pair.scripted(), Set.of(200)), pair.plain(), pair.ratio());
            pairs.add(pair);
        }
        List<WrkSummary> scripted = pairs.stream().map(PingCeiling.Pair::scripted).toList();
        Figure benchmarkPing = figure("ping, " + label + ", c=" + c + " (bench/ping.lua)", scripted, WrkSummary::perSecondRate,
                Set.of(200), null, resident(server), "floor c=" + c, floor.value());
        Figure plain = new Figure("ping, " + label + ", c=" + c + ", plain wrk", pairs.stream().map(PingCeiling.Pair::plain).toList(),
                null, 0, 0, null, null, null, null);
        Figure agreement = new Figure("ping: bench/ping.lua against plain wrk", scripted.stream().map(WrkSummary::perSecondRate).toList(),
                null, 0, 0, null, null, "plain wrk", plain.value());
        Figure ofBare = new Figure("ping, " + label + ", share of the bare handler", scripted.stream().map(WrkSummary::perSecondRate).toList(),
                null, 0, 0, null, null, "bare handler c=" + c, bare.value());
        figures.addAll(List.of(benchmarkPing, ofBare, plain, agreement));
        // Each pair ran back to back, so each ratio saw the same machine: their median, not the ratio of two medians, is judged.
        List<Double> ratios = pairs.stream().map(PingCeiling.Pair::ratio).toList();
        double ratio = Figure.median(ratios, r -> r);
        System.out.printf("  bench/ping.lua / plain wrk, pair by pair: %s; median %.3f%n",
                ratios.stream().map(r -> String.format("%.3f", r)).collect(Collectors.joining(", ")), ratio);
        check("ping: every answer 200 (" + label + ")", scripted.stream().allMatch(run -> run.unexpected(Set.of(200)) == 0 && run.socketErrors() == 0));
        check("ping: the benchmark's within 10% of plain wrk's, median of the pairs (" + label + ")", Math.abs(ratio - 1) <= PING_TOLERANCE);
        JsonArrayBuilder ratiosJson = Json.createArrayBuilder();
        ratios.forEach(ratiosJson::add);
        json.add("pingRatioToPlainWrk", ratiosJson);
        JsonArrayBuilder plainJson = Json.createArrayBuilder();
        pairs.forEach(pair -> plainJson.add(pair.plain()));
        json.add("ping", summaries(scripted)).add("pingPlainWrk", plainJson);
        return benchmarkPing;
    }

    private SeedScenario.Outcome seed(SeedScenario scenario, URI base, String sku, int concurrency, BenchServer server)
            throws InterruptedException, SQLException {
        return seed(scenario, base, sku, concurrency, options.seedBuyers(), server);
    }

    private SeedScenario.Outcome seed(SeedScenario scenario, URI base, String sku, int concurrency, int buyers, BenchServer server)
            throws InterruptedException, SQLException {
        settle();
        JsonObject groupsBefore = client.checkoutGroups();
        SeedScenario.Outcome outcome = scenario.run(base, sku, concurrency, buyers);
        String c = " (" + sku + ")";
        check("seed units held = " + outcome.units() + c, outcome.heldFromApi() == outcome.units());
        check("seed oversold = 0" + c, outcome.oversoldFromApi() == 0 && outcome.ledger().counts().get("reservations_beyond_total") == 0);
        check("seed no 5xx and no unexpected status" + c, outcome.load().serverErrors() == 0
                && outcome.load().unexpected(SeedScenario.EXPECTED) == 0);
        check("seed every request sent and answered once" + c, outcome.allAnswered());
        outcome.ledger().checks().forEach((name, pass) -> check(name + " [" + sku + "]", pass));
        WrkSummary load = outcome.load();
        System.out.printf("  %,d requests (%,d retries) in %.1f s = %,.0f req/s, %s; held %d of %d, oversold %d; %s; "
                        + "first sold-out after %,.0f ms; invariants %s%s%n",
                load.answered(), outcome.retries(), load.wallMillis() / 1000, load.perSecondRate(), load.latency(),
                outcome.heldFromApi(), outcome.units(), outcome.oversoldFromApi(), format(load.statuses()),
                load.millisUntilFirst("sold-out"), verdict(outcome.ledger()),
                server == null ? "" : server.residentMiB().stream().mapToObj(rss -> "; RSS " + rss + " MiB").findFirst().orElse(""));
        System.out.println("    shared transactions: " + GroupUse.between(groupsBefore, client.checkoutGroups()));
        return outcome;
    }

    private Figure seedFigure(String name, List<SeedScenario.Outcome> outcomes, BenchServer server) {
        List<WrkSummary> loads = outcomes.stream().map(SeedScenario.Outcome::load).toList();
        boolean allPass = outcomes.stream().allMatch(SeedScenario.Outcome::pass);
        return figure(name, loads, WrkSummary::perSecondRate, SeedScenario.EXPECTED, (allPass ? "PASS " : "FAIL ") + outcomes.size() + " runs",
                resident(server), floor == null ? null : "floor c=" + options.mainConcurrency(), floor == null ? null : floor.value());
    }

    private Map<Integer, List<WrkSummary>> successPath(SuccessPath success, int shards, String label, JsonObjectBuilder json) throws SQLException {
        heading("Success path (" + label + "): " + String.format("%,d", options.successRequests()) + " reservations per concurrency, each on a fresh SKU of "
                + String.format("%,d", SuccessPath.UNITS) + " units (never sold out) over " + shards + " stock row(s)");
        Map<Integer, List<WrkSummary>> byConcurrency = new TreeMap<>();
        JsonArrayBuilder runs = Json.createArrayBuilder();
        for (int concurrency : options.successConcurrencies()) {
            String sku = sku("SUCCESS-S" + shards + "-C" + concurrency);
            settle();
            WrkSummary load = success.run(sku, shards, concurrency, options.successRequests());
            LedgerInvariants.Verdict verdict = invariants(sku);
            System.out.printf("  c=%-4d %,6.0f reservations/s (%,d created), %s, other answers %s (503 busy: %,d), invariants %s%n",
                    concurrency, load.perSecondRate(load.count(201)), load.count(201), load.latency(), otherThan(load, 201),
                    load.problem("busy"), verdict(verdict));
            // 503 busy is the designed answer once more requests wait for one stock row than its line holds
            // (FLASHSALE_CHECKOUT_LINE_MAX): counted and shown, but no failure; any other answer is.
            check("success path: every request answered, 201 or 503 busy (c=" + concurrency + ", shards=" + shards + ")",
                    load.count(201) + load.problem("busy") == options.successRequests() && load.answered() == options.successRequests()
                            && load.socketErrors() == 0);
            byConcurrency.put(concurrency, List.of(load));
            runs.add(Json.createObjectBuilder(load.toJson()).add("sku", sku).add("invariants", verdict.toJson()));
        }
        json.add(shards == options.shards() ? "successPath" : "successPathOneRow", runs);
        return byConcurrency;
    }

    private Map<Integer, List<WrkSummary>> soldOutPath(SuccessPath success, List<Integer> concurrencies, String label, BenchServer server,
                                                       JsonObjectBuilder json) throws SQLException {
        heading("Sold-out path (" + label + "): " + options.seconds() + " s of reservations per run on a SKU whose one unit is taken "
                + "(every one must be refused), " + options.repeats() + " runs per concurrency");
        Map<Integer, List<WrkSummary>> byConcurrency = new TreeMap<>();
        JsonArrayBuilder all = Json.createArrayBuilder();
        for (int concurrency : concurrencies) {
            String sku = sku("SOLD-OUT-" + gateName(label) + "-C" + concurrency);
            success.soldOutSku(sku);
            List<WrkSummary> runs = new ArrayList<>();
            for (int i = 0; i < options.repeats(); i++) {
                settle();
                WrkSummary load = success.soldOut(sku, concurrency, options.seconds(), "run" + i);
                System.out.printf("  c=%-4d %,6.0f refusals/s (%,d sold-out of %,d), %s, other answers %s%s%n", concurrency,
                        load.perSecondRate(load.problem("sold-out")), load.problem("sold-out"), load.answered(), load.latency(),
                        otherThan(load, 409), server == null ? "" : server.residentMiB().stream().mapToObj(rss -> ", RSS " + rss + " MiB")
                                .findFirst().orElse(""));
                check("sold-out path: every answer 409 sold-out (" + label + ", c=" + concurrency + ", run " + i + ")",
                        load.problem("sold-out") == load.answered() && load.socketErrors() == 0);
                runs.add(load);
            }
            invariants(sku);
            byConcurrency.put(concurrency, runs);
            all.add(Json.createObjectBuilder().add("concurrency", concurrency).add("sku", sku).add("runs", summaries(runs)));
        }
        json.add("soldOutPath", all);
        return byConcurrency;
    }

    private void successFigures(Map<Integer, List<WrkSummary>> successes, Map<Integer, PgbenchCeiling.Result> pgbench, int shards,
                                String label, BenchServer server) {
        successes.forEach((concurrency, runs) -> {
            PgbenchCeiling.Result pg = pgbench.get(concurrency);
            figures.add(figure("success reservations, " + label + ", " + shards + " row(s), c=" + concurrency, runs,
                    run -> run.perSecondRate(run.count(201)), Set.of(201), invariantsOf(sku("SUCCESS-S" + shards + "-C" + concurrency)),
                    resident(server), pg == null ? "pgbench (not measured)" : "pgbench reserve tx, " + pg.clients() + " clients",
                    pg == null ? null : pg.tps()));
        });
    }

    /** Sharded against one row, same concurrency, same run: the success path, and pgbench's reserve transaction. */
    private void shardFigures(Map<Integer, List<WrkSummary>> sharded, Map<Integer, List<WrkSummary>> oneRow,
                              Map<Integer, PgbenchCeiling.Result> pgSharded, Map<Integer, PgbenchCeiling.Result> pgOneRow) {
        sharded.forEach((c, runs) -> {
            List<WrkSummary> single = oneRow.get(c);
            if (single != null) {
                figures.add(new Figure("success with " + options.shards() + " shards against one row, c=" + c,
                        runs.stream().map(run -> run.perSecondRate(run.count(201))).toList(), null, 0, 0, null, null,
                        "one stock row", single.get(0).perSecondRate(single.get(0).count(201))));
            }
        });
        pgSharded.forEach((c, result) -> {
            PgbenchCeiling.Result single = pgOneRow.get(c);
            if (single != null) {
                figures.add(new Figure("pgbench tps with " + options.shards() + " shards against one row, c=" + c, List.of(result.tps()),
                        null, 0, 0, null, null, "one stock row", single.tps()));
            }
        });
    }

    private Map<Integer, PgbenchCeiling.Result> pgbenchCeiling(int shards) {
        heading("Ceiling: pgbench -M prepared -T " + options.pgbenchSeconds() + " -f " + options.pgbenchScript()
                + " (the reserve transaction alone) over " + shards + " stock row(s)");
        Map<Integer, PgbenchCeiling.Result> byConcurrency = new TreeMap<>();
        JsonArrayBuilder json = Json.createArrayBuilder();
        try {
            PgbenchCeiling pgbench = new PgbenchCeiling(options);
            for (int concurrency : options.successConcurrencies()) {
                // A fresh stock row per run, as for the success path: dead row versions slow the next run down.
                String sku = sku("PGBENCH-S" + shards + "-C" + concurrency);
                client.openSale(sku, SuccessPath.UNITS, shards);
                int clients = Math.max(1, Math.min(concurrency, ledger.connectionsToSpare(CONNECTIONS_KEPT_FREE)));
                settle();
                PgbenchCeiling.Result result = pgbench.run(sku, shards, concurrency, clients);
                LedgerInvariants.Verdict verdict = invariants(sku);
                System.out.printf("  c=%-4d %,6.0f tps with %d clients%s, latency average %.1f ms, %,d transactions, %d failed, invariants %s%n",
                        concurrency, result.tps(), clients, clients < concurrency ? " (max_connections leaves no more)" : "",
                        result.latencyAverageMs(), result.transactions(), result.failed(), verdict(verdict));
                byConcurrency.put(concurrency, result);
                json.add(Json.createObjectBuilder(result.toJson()).add("sku", sku));
                figures.add(new Figure("ceiling: pgbench reserve tx, " + shards + " row(s), c=" + concurrency, List.of(result.tps()),
                        new WrkSummary.Latency(result.latencyAverageMs(), 0, 0, 0, 0, result.latencyAverageMs()), 0, result.failed(),
                        verdict.allPass() ? "PASS" : "FAIL", null, null, null));
            }
        } catch (IOException | InterruptedException | SQLException | RuntimeException e) {
            System.out.println("  pgbench ceiling not measured: " + e.getMessage());
            json.add(Json.createObjectBuilder().add("error", String.valueOf(e.getMessage())));
        }
        results.add(shards == options.shards() ? "pgbenchCeiling" : "pgbenchCeilingOneRow", json);
        return byConcurrency;
    }

    private Map<Integer, RedisCeiling.Result> redisCeiling() {
        heading("Ceiling: redis-benchmark EVALSHA lua/reserve.lua, " + String.format("%,d", options.redisRequests()) + " calls per concurrency");
        Map<Integer, RedisCeiling.Result> byConcurrency = new TreeMap<>();
        JsonArrayBuilder json = Json.createArrayBuilder();
        RedisCeiling redis = new RedisCeiling(options.redisHost(), options.redisPort(), sku("REDIS"));
        try {
            redis.prepare();
            for (int concurrency : options.successConcurrencies()) {
                RedisCeiling.Result result = redis.run(concurrency, options.redisRequests());
                System.out.printf("  c=%-4d %,8.0f calls/s, p50 %.2f ms, p99 %.2f ms%n", concurrency, result.requestsPerSecond(),
                        result.p50Ms(), result.p99Ms());
                byConcurrency.put(concurrency, result);
                json.add(result.toJson());
                figures.add(new Figure("ceiling: redis-benchmark reserve.lua, c=" + concurrency, List.of(result.requestsPerSecond()),
                        new WrkSummary.Latency(result.p50Ms(), 0, result.p99Ms(), 0, 0, 0), 0, 0, null, null, null, null));
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

    /** The seed scenario of every gate mode side by side: cold, warm, memory. */
    private void printModes() {
        heading("Seed scenario side by side (c=" + options.mainConcurrency() + ", " + options.seedShards() + " stock row(s) per SKU)");
        List<Function<Mode, String>> rows = List.of(
                mode -> mode.startup() == null ? "-" : String.format("%.1f s", mode.startup().toMillis() / 1000.0),
                mode -> mode.cold() == null ? "-" : String.format("%,.0f", mode.cold().load().perSecondRate()),
                mode -> mode.cold() == null ? "-" : latency(mode.cold().load()),
                mode -> mode.cold() == null ? "-" : String.format("%.1f s", mode.cold().load().wallMillis() / 1000),
                mode -> String.format("%,.0f", warm(mode).load().perSecondRate()),
                mode -> mode.warm().stream().map(outcome -> String.format("%,.0f", outcome.load().perSecondRate())).collect(Collectors.joining(" · ")),
                mode -> latency(warm(mode).load()),
                mode -> String.format("%.1f s / %.1f s", warm(mode).load().millisUntilFirst("sold-out") / 1000, warm(mode).load().wallMillis() / 1000),
                mode -> mode.warm().stream().allMatch(SeedScenario.Outcome::pass) && (mode.cold() == null || mode.cold().pass()) ? "PASS" : "FAIL",
                mode -> mode.residentMiB().isEmpty() ? "-" : mode.residentMiB().stream().map(Object::toString).collect(Collectors.joining(" ")),
                mode -> mode.soldOut().isEmpty() ? "-"
                        : String.format("%,.0f", refusals(Figure.median(mode.soldOut(), Benchmark::refusals))));
        List<String> names = List.of("ready after launch", "cold seed: req/s", "cold seed: p50 / p99 ms", "cold seed: all answered after",
                "warm seed: req/s (median)", "warm seed: each run", "warm seed: p50 / p99 ms (median run)",
                "warm seed: first sold-out / all answered", "seed checks (held = units, oversold 0, no 5xx, invariants)",
                "RSS after each warm seed (MiB)", "sold-out refusals/s (median)");
        // Each column as wide as its widest cell (ten runs of memory make a long one).
        List<Integer> widths = modes.stream().map(mode -> Math.max(mode.label().length(),
                rows.stream().mapToInt(row -> row.apply(mode).length()).max().orElse(0))).toList();
        StringBuilder header = new StringBuilder(String.format("  %-58s", ""));
        for (int m = 0; m < modes.size(); m++) {
            header.append(String.format(" | %-" + widths.get(m) + "s", modes.get(m).label()));
        }
        System.out.println(header);
        for (int i = 0; i < rows.size(); i++) {
            StringBuilder line = new StringBuilder(String.format("  %-58s", names.get(i)));
            for (int m = 0; m < modes.size(); m++) {
                line.append(String.format(" | %-" + widths.get(m) + "s", rows.get(i).apply(modes.get(m))));
            }
            System.out.println(line);
        }
    }

    private static double refusals(WrkSummary run) {
        return run.perSecondRate(run.problem("sold-out"));
    }

    private static SeedScenario.Outcome warm(Mode mode) {
        return Figure.median(mode.warm(), outcome -> outcome.load().perSecondRate());
    }

    private static String latency(WrkSummary load) {
        return String.format("%.1f / %.1f", load.latency().p50(), load.latency().p99());
    }

    /** A figure of wrk runs: the median value; latency and answers of the median run. */
    private static Figure figure(String name, List<WrkSummary> runs, java.util.function.ToDoubleFunction<WrkSummary> value,
                                 Set<Integer> expected, String invariants, OptionalLong residentMiB, String ceiling, Double ceilingValue) {
        WrkSummary median = Figure.median(runs, value);
        return new Figure(name, runs.stream().map(value::applyAsDouble).toList(), median.latency(),
                runs.stream().mapToLong(WrkSummary::serverErrors).sum(), runs.stream().mapToLong(run -> run.unexpected(expected)).sum(),
                invariants, residentMiB.isPresent() ? residentMiB.getAsLong() : null, ceiling, ceilingValue);
    }

    private static OptionalLong resident(BenchServer server) {
        return server == null ? OptionalLong.empty() : server.residentMiB();
    }

    private final Map<String, LedgerInvariants.Verdict> verdicts = new LinkedHashMap<>();

    private LedgerInvariants.Verdict invariants(String sku) throws SQLException {
        LedgerInvariants.Verdict verdict = ledger.check(sku);
        verdict.checks().forEach((name, pass) -> check(name + " [" + sku + "]", pass));
        verdicts.put(sku, verdict);
        results.add("invariants-" + sku, verdict.toJson());
        return verdict;
    }

    private String invariantsOf(String sku) {
        LedgerInvariants.Verdict verdict = verdicts.get(sku);
        return verdict == null ? null : verdict(verdict);
    }

    private static String verdict(LedgerInvariants.Verdict verdict) {
        long passed = verdict.checks().values().stream().filter(pass -> pass).count();
        return (verdict.allPass() ? "PASS " : "FAIL ") + passed + "/" + verdict.checks().size();
    }

    private static String describe(WrkSummary run, Set<Integer> expected) {
        return String.format("%,.0f req/s, %s, %s, unexpected %d, socket errors %d", run.perSecondRate(), run.latency(),
                format(run.statuses()), run.unexpected(expected), run.socketErrors());
    }

    private void writeFiles() throws IOException {
        Path json = outputDir.resolve("results-" + runId + ".json");
        Path html = outputDir.resolve("report-" + runId + ".html");
        Path svg = outputDir.resolve("figures-" + runId + ".svg");
        StringWriter text = new StringWriter();
        JsonWriterFactory pretty = Json.createWriterFactory(Map.of(JsonGenerator.PRETTY_PRINTING, true));
        try (JsonWriter writer = pretty.createWriter(text)) {
            writer.writeObject(results.build());
        }
        Files.writeString(json, text.toString(), StandardCharsets.UTF_8);
        Files.writeString(html, HtmlReport.render(runId, options.describe(), charted), StandardCharsets.UTF_8);
        Files.writeString(svg, FigureChart.render("flashsale benchmark " + runId + ": " + options.describe(), figures),
                StandardCharsets.UTF_8);
        System.out.println("Results: " + json.toAbsolutePath() + "\nChart:   " + html.toAbsolutePath() + "\nFigures: " + svg.toAbsolutePath());
    }

    private static JsonArrayBuilder summaries(List<WrkSummary> runs) {
        JsonArrayBuilder json = Json.createArrayBuilder();
        runs.forEach(run -> json.add(run.toJson()));
        return json;
    }

    private static JsonArrayBuilder outcomes(List<SeedScenario.Outcome> outcomes) {
        JsonArrayBuilder json = Json.createArrayBuilder();
        outcomes.forEach(outcome -> json.add(outcome.toJson()));
        return json;
    }

    private static JsonArrayBuilder longs(List<Long> values) {
        JsonArrayBuilder json = Json.createArrayBuilder();
        values.forEach(json::add);
        return json;
    }

    private void check(String name, boolean pass) {
        checks.put(name, pass);
        if (!pass) {
            System.out.println("  FAIL: " + name);
        }
    }

    private static String gateName(String label) {
        return label.replace(' ', '-').replace(",", "");
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

    private static String format(Map<?, Long> counts) {
        return counts.entrySet().stream().map(entry -> entry.getKey() + ": " + String.format("%,d", entry.getValue()))
                .collect(Collectors.joining(", "));
    }

    private static String otherThan(WrkSummary load, int status) {
        Map<Integer, Long> others = new TreeMap<>(load.statuses());
        others.remove(status);
        return others.isEmpty() ? "none" : format(others);
    }
}
