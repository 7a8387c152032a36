package dev.flashsale.campaign;

import dev.flashsale.testsupport.TestDatabase;
import dev.flashsale.testsupport.TestRedis;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Collectors;

/**
 * The randomized fault campaign: runs of a fresh sale on two application nodes (started once, and
 * again only after a run killed one), PostgreSQL and Redis of its own behind fault proxies, a
 * crowd of clients and a schedule of overlapping faults, each run drawn from its seed and judged
 * by the history checker. Not a CI test (a smoke of three runs is):
 * <pre>
 * ./mvnw -o -B -q package -DskipTests
 * flock /tmp/it.lock ./mvnw -o -B -q exec:java@campaign -Druns=1000 -Dseed=1 -Dcampaign.minutes=10
 * </pre>
 * Settings (system properties): {@code runs} (the campaign's runs in all, 10), {@code seed} (its
 * first seed, 1; run i has seed + i), {@code campaign.minutes} (stop after the run that passes it;
 * the next invocation resumes at the next seed), {@code clients} (200), {@code traffic.ms} (5000),
 * {@code skew} (seconds node 1's clock is off: ahead, behind, true in turn at each of its starts; 0), {@code foil}
 * (true: reserves of the plain sale go to the test-only naive checkout), {@code replay} (seeds,
 * comma-separated, or the folder of a kept run: those runs again, alone), {@code campaign.dir} (target/campaign).
 * Exit status 1 when a run had an anomaly.
 */
public final class Campaign {

    static final int POSTGRES_PORT = 5441;
    static final int REDIS_PORT = 6397;
    static final String DATABASE = "flashsale_campaign";
    /** Runs in a row that could not be judged before the campaign gives up. */
    static final int FAILED_IN_A_ROW_MAX = 3;

    private Campaign() {
    }

    public static void main(String[] args) {
        int exit;
        try {
            exit = campaign();
        } catch (Exception | Error failed) {
            // Said here and ended here: exec:java would otherwise wait for the clients' idle threads.
            System.out.println("campaign: stopped by " + failed);
            failed.printStackTrace();
            exit = 2;
        }
        System.exit(exit);
    }

    /** @return the exit status: 0 when every run was judged with no anomaly, 1 otherwise */
    private static int campaign() throws Exception {
        Path dir = Path.of(System.getProperty("campaign.dir", "target/campaign"));
        boolean toFoil = Boolean.getBoolean("foil");
        String replay = System.getProperty("replay");
        List<Long> replaySeeds = new ArrayList<>();
        if (replay != null && Files.isDirectory(Path.of(replay))) {
            toFoil = CampaignRecord.plan(Path.of(replay)).getBoolean("foil", toFoil);
            replaySeeds.add(CampaignRecord.plan(Path.of(replay)).getJsonNumber("seed").longValue());
        } else if (replay != null) {
            Arrays.stream(replay.split(",")).map(String::strip).map(Long::valueOf).forEach(replaySeeds::add);
        }
        long firstSeed = replay != null ? replaySeeds.get(0) : Long.getLong("seed", 1);
        long runs = replay != null ? replaySeeds.size() : Long.getLong("runs", 10);
        int clients = Integer.getInteger("clients", 200);
        long trafficMillis = Long.getLong("traffic.ms", 5_000);
        Duration budget = Duration.ofMinutes(Long.getLong("campaign.minutes", 24 * 60));
        Path summaryFile = dir.resolve(toFoil ? "campaign-foil.json" : "campaign.json");
        CampaignSummary summary = replay != null ? CampaignSummary.fresh(firstSeed) : CampaignSummary.resume(summaryFile, firstSeed);
        if (summary.runs() >= runs) {
            System.out.println(summary + "; nothing left to run");
            return 0;
        }

        PostgresPair postgres = new PostgresPair(Path.of("/tmp/flashsale-campaign-pg"), POSTGRES_PORT,
                Boolean.parseBoolean(System.getProperty("failover", "true")));
        postgres.start();
        List<String> hosts = postgres.ports().stream().map(port -> "127.0.0.1:" + port).toList();
        System.setProperty("it.db.url", PostgresPair.url(hosts, DATABASE));
        System.setProperty("it.db.user", "postgres");
        System.setProperty("it.redis.port", Integer.toString(REDIS_PORT));
        TestDatabase.main(new String[] {"recreate", PostgresPair.url(hosts, "postgres"), "postgres", DATABASE});
        TestRedis.start();
        Instant began = Instant.now();
        boolean clean = true;
        try (OwnStage stage = new OwnStage(postgres, DATABASE, Integer.getInteger("skew", 0))) {
            System.out.println("campaign: two nodes up after " + Duration.between(began, Instant.now()).toSeconds() + " s; "
                    + (replay != null ? "replaying seeds " + replaySeeds : "seeds from " + summary.nextSeed()) + (toFoil ? ", reserves to the naive checkout" : ""));
            while (summary.runs() < runs && Duration.between(began, Instant.now()).compareTo(budget) < 0) {
                long seed = replay != null ? replaySeeds.get((int) summary.runs()) : summary.nextSeed();
                RunPlan plan = RunPlan.draw(seed, clients, trafficMillis, stage.faults(), stage.bothNodesProxied());
                CampaignRun.Result result;
                try {
                    result = CampaignRun.run(stage, plan, seed + "-" + Long.toString(System.nanoTime() % 1_000_000, 36), toFoil);
                } catch (Exception | AssertionError failed) {
                    // The run could not be judged (a sale refused, a node that did not come back): said, not hidden.
                    clean = false;
                    summary.failed(seed);
                    System.out.println("run " + (summary.runs() + 1) + " seed " + seed + ": not judged: " + failed);
                    failed.printStackTrace();
                    if (summary.failedInARow() >= FAILED_IN_A_ROW_MAX) {
                        throw failed;
                    }
                    stage.settle();
                    continue;
                }
                summary.add(result);
                String kept = "";
                if (!result.clean()) {
                    clean = false;
                    kept = "; kept in " + CampaignRecord.keep(dir.resolve("runs"), result, toFoil);
                }
                System.out.println(line(summary.runs(), result) + kept);
                if (replay == null) {
                    summary.write(summaryFile);
                }
            }
        } finally {
            TestRedis.stop();
            postgres.stop();
        }
        System.out.println(summary);
        return clean ? 0 : 1;
    }

    static String line(long number, CampaignRun.Result result) {
        var figures = result.report().figures();
        return String.format("run %d seed %d: %d requests (ok %d, refused %d, unsent %d, unknown %d, settled %d, 500 %d, token expired %d, extended %d), %d room, %d"
                        + " changes; faults %s%s; clocks %s; anomalies %s; %.1f s",
                number, result.plan().seed(), figures.get("requests"), figures.get("ok"), figures.get("refused"),
                figures.get("unsent"), figures.get("unknown"), figures.get("unknownSettled"), result.answers500(), result.tokensExpired(), result.extended(),
                result.history().roomOps().size(),
                result.history().changes().size(),
                result.plan().faults().isEmpty() ? "none" : result.plan().faults().stream().map(Fault::toString).collect(Collectors.joining(" ")),
                result.soldAgainMillis() < 0 ? "" : " (sold again " + result.soldAgainMillis() + " ms after the failover)",
                result.skews(), result.clean() ? "none" : result.report().anomalies().size() + ": " + result.report().anomalies().stream()
                        .limit(3).map(a -> a.kind() + " " + a.detail()).collect(Collectors.joining("; ")),
                result.millis() / 1000.0);
    }
}
