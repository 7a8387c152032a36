package dev.flashsale.bench;

import jakarta.json.Json;
import jakarta.json.JsonNumber;
import jakarta.json.JsonObject;
import jakarta.json.JsonObjectBuilder;
import jakarta.json.JsonReader;
import jakarta.json.JsonValue;
import java.io.StringReader;
import java.util.Map;
import java.util.Set;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.function.Function;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * One wrk run as the benchmark's scripts report it: the "wrk-summary {json}" line that
 * bench/answers.lua prints from done() (answers by status and problem type, wall time, wrk's
 * latency distribution and socket errors). Figures in milliseconds and per second.
 */
record WrkSummary(long answered, long sent, long shares, double wallMillis, SortedMap<Integer, Long> statuses,
                  SortedMap<String, Long> problems, SortedMap<String, Double> firstMillis, SortedMap<Integer, Long> perSecond,
                  Latency latency, SortedMap<String, Long> errors, long wrkRequests, double wrkSeconds) {

    /** wrk's latency distribution, in milliseconds. */
    record Latency(double p50, double p90, double p99, double p999, double max, double mean) {

        @Override
        public String toString() {
            return String.format("p50 %.1f ms, p99 %.1f ms, max %.0f ms", p50, p99, max);
        }

        JsonObject toJson() {
            return Json.createObjectBuilder().add("p50", p50).add("p90", p90).add("p99", p99).add("p999", p999)
                    .add("max", max).add("mean", mean).build();
        }
    }

    private static final String PREFIX = "wrk-summary ";
    private static final Pattern PLAIN_RATE = Pattern.compile("^Requests/sec:\\s+([0-9.]+)", Pattern.MULTILINE);

    /** The summary line in everything wrk printed; an error naming the output when there is none. */
    static WrkSummary parse(String wrkOutput) {
        String line = wrkOutput.lines().filter(candidate -> candidate.startsWith(PREFIX)).reduce((first, last) -> last)
                .orElseThrow(() -> new IllegalStateException("wrk printed no summary line (a script error?):\n" + wrkOutput));
        JsonObject json;
        try (JsonReader reader = Json.createReader(new StringReader(line.substring(PREFIX.length())))) {
            json = reader.readObject();
        }
        JsonObject latencyUs = json.getJsonObject("latencyUs");
        Latency latency = new Latency(micros(latencyUs, "p50"), micros(latencyUs, "p90"), micros(latencyUs, "p99"),
                micros(latencyUs, "p999"), micros(latencyUs, "max"), micros(latencyUs, "mean"));
        return new WrkSummary(whole(json, "answered"), whole(json, "sent"), whole(json, "shares"),
                json.getJsonNumber("wallMs").doubleValue(),
                counts(json.getJsonObject("statuses"), Integer::valueOf), counts(json.getJsonObject("problems"), key -> key),
                millis(json.getJsonObject("firstMs")), counts(json.getJsonObject("perSecond"), Integer::valueOf),
                latency, counts(json.getJsonObject("errors"), key -> key),
                whole(json, "wrkRequests"), json.getJsonNumber("wrkDurationUs").doubleValue() / 1e6);
    }

    /** What plain wrk (no script) printed as its rate: the "Requests/sec:" line. */
    static double plainRequestsPerSecond(String wrkOutput) {
        Matcher rate = PLAIN_RATE.matcher(wrkOutput);
        if (!rate.find()) {
            throw new IllegalStateException("wrk printed no Requests/sec line:\n" + wrkOutput);
        }
        return Double.parseDouble(rate.group(1));
    }

    /** A run that gave each thread a number of requests (rather than a duration). */
    boolean fixedCount() {
        return shares > 0;
    }

    /**
     * Answers per second: a fixed-count run's answers over its wall time (first request to last
     * answer); a duration run's as wrk itself reckons them (requests over its whole -d), so that
     * a scripted run compares with plain wrk.
     */
    double perSecondRate() {
        return fixedCount() ? answered / (wallMillis / 1000) : wrkRequests / wrkSeconds;
    }

    /** {@code answers} of this run's answers (of a status, a problem type), per second of the run. */
    double perSecondRate(long answers) {
        return answered == 0 ? 0 : perSecondRate() * answers / answered;
    }

    long count(int status) {
        return statuses.getOrDefault(status, 0L);
    }

    long problem(String type) {
        return problems.getOrDefault(type, 0L);
    }

    long serverErrors() {
        return statuses.entrySet().stream().filter(entry -> entry.getKey() >= 500).mapToLong(Map.Entry::getValue).sum();
    }

    /** Answers whose status is none of those the phase expects. */
    long unexpected(Set<Integer> expected) {
        return statuses.entrySet().stream().filter(entry -> !expected.contains(entry.getKey())).mapToLong(Map.Entry::getValue).sum();
    }

    /** Connections that failed to connect, read or write, and requests past wrk's --timeout. */
    long socketErrors() {
        return errors.getOrDefault("connect", 0L) + errors.getOrDefault("read", 0L) + errors.getOrDefault("write", 0L)
                + errors.getOrDefault("timeout", 0L);
    }

    /** Milliseconds from the start until the first answer of this problem type, or -1 if none came. */
    double millisUntilFirst(String type) {
        return firstMillis.getOrDefault(type, -1.0);
    }

    JsonObject toJson() {
        JsonObjectBuilder json = Json.createObjectBuilder()
                .add("answered", answered).add("sent", sent).add("fixedCount", fixedCount()).add("wallMs", wallMillis)
                .add("perSecond", perSecondRate()).add("wrkRequests", wrkRequests).add("wrkSeconds", wrkSeconds)
                .add("serverErrors5xx", serverErrors()).add("socketErrors", socketErrors())
                .add("latencyMs", latency.toJson());
        json.add("byStatus", object(statuses)).add("byProblemType", object(problems)).add("firstMs", object(firstMillis))
                .add("answersPerSecond", object(perSecond)).add("errors", object(errors));
        return json.build();
    }

    private static JsonObject object(Map<?, ? extends Number> values) {
        JsonObjectBuilder json = Json.createObjectBuilder();
        values.forEach((key, value) -> json.add(key.toString(), Json.createValue(value.doubleValue())));
        return json.build();
    }

    private static long whole(JsonObject json, String name) {
        return Math.round(json.getJsonNumber(name).doubleValue());
    }

    private static double micros(JsonObject json, String name) {
        return json.getJsonNumber(name).doubleValue() / 1000;
    }

    private static <K extends Comparable<K>> SortedMap<K, Long> counts(JsonObject json, Function<String, K> key) {
        SortedMap<K, Long> counts = new TreeMap<>();
        json.forEach((name, value) -> counts.put(key.apply(name), Math.round(number(value))));
        return counts;
    }

    private static SortedMap<String, Double> millis(JsonObject json) {
        SortedMap<String, Double> millis = new TreeMap<>();
        json.forEach((name, value) -> millis.put(name, number(value)));
        return millis;
    }

    private static double number(JsonValue value) {
        return ((JsonNumber) value).doubleValue();
    }
}
