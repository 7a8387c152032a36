package dev.flashsale.campaign;

import jakarta.json.Json;
import jakarta.json.JsonArrayBuilder;
import jakarta.json.JsonNumber;
import jakarta.json.JsonObject;
import jakarta.json.JsonObjectBuilder;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * A campaign's totals, kept in a JSON file after every run so that a campaign stopped anywhere
 * resumes at the seed after its last finished run: runs, requests, faults of each kind,
 * anomalies (and the seeds of the runs that had them), unknown outcomes and how many the final
 * state settled, and the seeds covered.
 */
final class CampaignSummary {

    private final long firstSeed;
    private long lastSeed;
    private long runs;
    private long operations;
    private long unknown;
    private long unknownSettled;
    private long anomalies;
    private long answers500;
    private long extended;
    private long tokensExpired;
    private long soldAgainMillisMax = -1;
    private final Map<String, Long> faults = new TreeMap<>();
    private final List<Long> anomalousSeeds = new ArrayList<>();
    private final List<Long> unjudgedSeeds = new ArrayList<>();
    private int failedInARow;

    private CampaignSummary(long firstSeed) {
        this.firstSeed = firstSeed;
        this.lastSeed = firstSeed - 1;
    }

    static CampaignSummary fresh(long firstSeed) {
        return new CampaignSummary(firstSeed);
    }

    /** The summary in {@code file} when it is of a campaign begun at {@code firstSeed}; else a new one. */
    static CampaignSummary resume(Path file, long firstSeed) {
        CampaignSummary summary = new CampaignSummary(firstSeed);
        if (!Files.isRegularFile(file)) {
            return summary;
        }
        try (var reader = Json.createReader(Files.newBufferedReader(file))) {
            JsonObject kept = reader.readObject();
            if (kept.getJsonNumber("firstSeed").longValue() != firstSeed) {
                return summary;
            }
            summary.lastSeed = kept.getJsonNumber("lastSeed").longValue();
            summary.runs = kept.getJsonNumber("runs").longValue();
            summary.operations = kept.getJsonNumber("operations").longValue();
            summary.unknown = kept.getJsonNumber("unknown").longValue();
            summary.unknownSettled = kept.getJsonNumber("unknownSettled").longValue();
            summary.anomalies = kept.getJsonNumber("anomalies").longValue();
            summary.answers500 = kept.getJsonNumber("answers500").longValue();
            // Counted since holds could be extended: a summary from before has neither.
            summary.extended = kept.containsKey("extended") ? kept.getJsonNumber("extended").longValue() : 0;
            summary.tokensExpired = kept.containsKey("tokensExpired") ? kept.getJsonNumber("tokensExpired").longValue() : 0;
            summary.soldAgainMillisMax = kept.getJsonNumber("soldAgainAfterFailoverMillisMax").longValue();
            kept.getJsonObject("faults").forEach((kind, count) -> summary.faults.put(kind, ((JsonNumber) count).longValue()));
            kept.getJsonArray("unjudgedSeeds").getValuesAs(JsonNumber.class).forEach(seed -> summary.unjudgedSeeds.add(seed.longValue()));
            kept.getJsonArray("anomalousSeeds").getValuesAs(JsonNumber.class).forEach(seed -> summary.anomalousSeeds.add(seed.longValue()));
            return summary;
        } catch (IOException e) {
            throw new UncheckedIOException("Cannot read " + file, e);
        }
    }

    long nextSeed() {
        return lastSeed + 1;
    }

    long runs() {
        return runs;
    }

    long anomalies() {
        return anomalies;
    }

    /** A run that could not be judged: its seed is passed, and named. */
    void failed(long seed) {
        lastSeed = seed;
        unjudgedSeeds.add(seed);
        failedInARow++;
    }

    int failedInARow() {
        return failedInARow;
    }

    void add(CampaignRun.Result result) {
        failedInARow = 0;
        lastSeed = result.plan().seed();
        runs++;
        operations += result.history().ops().size() + result.history().roomOps().size() + result.history().changes().size();
        unknown += result.report().figure("unknown");
        unknownSettled += result.report().figure("unknownSettled");
        answers500 += result.answers500();
        extended += result.extended();
        tokensExpired += result.tokensExpired();
        result.plan().faults().forEach(fault -> faults.merge(fault.kind().name(), 1L, Long::sum));
        soldAgainMillisMax = Math.max(soldAgainMillisMax, result.soldAgainMillis());
        if (!result.clean()) {
            anomalies += result.report().anomalies().size();
            anomalousSeeds.add(result.plan().seed());
        }
    }

    JsonObject json() {
        JsonObjectBuilder kinds = Json.createObjectBuilder();
        faults.forEach(kinds::add);
        JsonArrayBuilder seeds = Json.createArrayBuilder();
        anomalousSeeds.forEach(seeds::add);
        JsonArrayBuilder unjudged = Json.createArrayBuilder();
        unjudgedSeeds.forEach(unjudged::add);
        return Json.createObjectBuilder().add("firstSeed", firstSeed).add("lastSeed", lastSeed).add("runs", runs)
                .add("operations", operations).add("faults", kinds).add("anomalies", anomalies)
                .add("anomalousSeeds", seeds).add("unjudgedSeeds", unjudged).add("unknown", unknown).add("unknownSettled", unknownSettled)
                .add("answers500", answers500).add("extended", extended).add("tokensExpired", tokensExpired)
                .add("soldAgainAfterFailoverMillisMax", soldAgainMillisMax).build();
    }

    void write(Path file) {
        try {
            Files.createDirectories(file.getParent());
            Files.writeString(file, CampaignRecord.pretty(json()));
        } catch (IOException e) {
            throw new UncheckedIOException("Cannot write " + file, e);
        }
    }

    @Override
    public String toString() {
        return "campaign: " + runs + " runs (seeds " + firstSeed + " to " + lastSeed + "), " + operations + " requests, faults "
                + faults + ", " + anomalies + " anomalies" + (anomalousSeeds.isEmpty() ? "" : " in seeds " + anomalousSeeds)
                + (unjudgedSeeds.isEmpty() ? "" : ", runs not judged: seeds " + unjudgedSeeds)
                + ", " + unknown + " unknown outcomes, " + unknownSettled + " settled by PostgreSQL, " + answers500 + " answers 500, "
                + extended + " holds extended, " + tokensExpired + " reserves refused admission-token-expired"
                + (soldAgainMillisMax < 0 ? "" : ", sold again at most " + soldAgainMillisMax + " ms after a failover");
    }
}
