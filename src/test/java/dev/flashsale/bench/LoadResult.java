package dev.flashsale.bench;

import jakarta.json.Json;
import jakarta.json.JsonArrayBuilder;
import jakarta.json.JsonObject;
import jakarta.json.JsonObjectBuilder;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Predicate;
import java.util.stream.Collectors;

/**
 * What one {@link LoadRun} measured, and the figures derived from it: throughput, latency
 * percentiles, answers by status and by problem type, and the same per second for the charts.
 */
record LoadResult(String label, int concurrency, long startedAtNanos, long finishedAtNanos, List<Sample> samples,
                  int skipped) {

    /** Answers that completed within one second of the run: how many, and their p99. */
    record Second(int second, int answered, double p99Millis) {
    }

    int requests() {
        return samples.size();
    }

    double wallSeconds() {
        return (finishedAtNanos - startedAtNanos) / 1e9;
    }

    double requestsPerSecond() {
        return requests() / wallSeconds();
    }

    long count(Predicate<Sample> which) {
        return samples.stream().filter(which).count();
    }

    /** 201 Created: a reservation that took a unit. */
    long created() {
        return count(sample -> sample.status() == 201);
    }

    double createdPerSecond() {
        return created() / wallSeconds();
    }

    /** 409 sold-out: a reservation refused because no unit is left. */
    long soldOut() {
        return count(sample -> sample.status() == 409 && "sold-out".equals(sample.problem()));
    }

    double soldOutPerSecond() {
        return soldOut() / wallSeconds();
    }

    long serverErrors() {
        return count(Sample::isServerError);
    }

    long unanswered() {
        return count(sample -> sample.status() == 0);
    }

    Map<Integer, Long> byStatus() {
        return samples.stream().collect(Collectors.groupingBy(Sample::status, TreeMap::new, Collectors.counting()));
    }

    Map<String, Long> byProblem() {
        return samples.stream().filter(sample -> sample.problem() != null)
                .collect(Collectors.groupingBy(Sample::problem, TreeMap::new, Collectors.counting()));
    }

    Percentiles latency() {
        return Percentiles.ofNanos(samples.stream().mapToLong(Sample::latencyNanos).toArray());
    }

    /** Milliseconds from the start until the first answer of this problem type, or -1 if none came. */
    double millisUntilFirst(String problem) {
        return samples.stream().filter(sample -> problem.equals(sample.problem()))
                .mapToLong(sample -> sample.answeredAtNanos() - startedAtNanos).min().orElse(-1_000_000) / 1e6;
    }

    /** Milliseconds from the start until the last answer. */
    double millisUntilLastAnswer() {
        return samples.stream().mapToLong(sample -> sample.answeredAtNanos() - startedAtNanos).max().orElse(0) / 1e6;
    }

    List<Second> perSecond() {
        Map<Integer, List<Sample>> bySecond = samples.stream().collect(Collectors.groupingBy(
                sample -> (int) ((sample.answeredAtNanos() - startedAtNanos) / 1_000_000_000L), TreeMap::new, Collectors.toList()));
        List<Second> seconds = new ArrayList<>();
        bySecond.forEach((second, answered) -> seconds.add(new Second(second, answered.size(),
                Percentiles.ofNanos(answered.stream().mapToLong(Sample::latencyNanos).toArray()).p99())));
        return seconds;
    }

    JsonObject toJson() {
        JsonObjectBuilder statuses = Json.createObjectBuilder();
        byStatus().forEach((status, count) -> statuses.add(Integer.toString(status), count));
        JsonObjectBuilder problems = Json.createObjectBuilder();
        byProblem().forEach(problems::add);
        JsonArrayBuilder seconds = Json.createArrayBuilder();
        perSecond().forEach(second -> seconds.add(Json.createObjectBuilder().add("second", second.second())
                .add("answered", second.answered()).add("p99Ms", second.p99Millis())));
        return Json.createObjectBuilder()
                .add("label", label).add("concurrency", concurrency)
                .add("requests", requests()).add("skippedAfterTimeLimit", skipped)
                .add("wallSeconds", wallSeconds()).add("requestsPerSecond", requestsPerSecond())
                .add("created201", created()).add("createdPerSecond", createdPerSecond())
                .add("serverErrors5xx", serverErrors()).add("unanswered", unanswered())
                .add("byStatus", statuses).add("byProblemType", problems)
                .add("latencyMs", latency().toJson())
                .add("perSecond", seconds)
                .build();
    }
}
