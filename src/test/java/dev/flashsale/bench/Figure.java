package dev.flashsale.bench;

import jakarta.json.Json;
import jakarta.json.JsonArrayBuilder;
import jakarta.json.JsonObject;
import jakarta.json.JsonObjectBuilder;
import java.util.Comparator;
import java.util.List;
import java.util.function.ToDoubleFunction;

/**
 * One figure of the report: the median of its runs, with what belongs beside it (latency, 5xx
 * and answers of a status the phase does not expect, the invariants' verdict, the server's
 * resident memory after it) and its share of the ceiling it can never pass on this machine.
 */
record Figure(String name, List<Double> runs, WrkSummary.Latency latency, long serverErrors, long unexpected,
              String invariants, Long residentMiB, String ceiling, Double ceilingValue) {

    /** The run of the median value (the lower of the two middle ones for an even count). */
    static <T> T median(List<T> runs, ToDoubleFunction<T> value) {
        List<T> sorted = runs.stream().sorted(Comparator.comparingDouble(value)).toList();
        return sorted.get((sorted.size() - 1) / 2);
    }

    double value() {
        return median(runs, run -> run);
    }

    Double ratio() {
        return ceilingValue == null || ceilingValue == 0 ? null : value() / ceilingValue;
    }

    static String header() {
        return String.format("%-50s %10s %4s %15s %9s %-10s %7s  %s", "figure", "per second", "runs", "p50 / p99 ms",
                "5xx/other", "invariants", "RSS MiB", "share of its ceiling");
    }

    @Override
    public String toString() {
        // pgbench reports an average only.
        String ms = latency == null ? "-" : latency.p99() == 0 ? String.format("avg %.1f", latency.mean())
                : String.format("%.1f / %.1f", latency.p50(), latency.p99());
        String errors = latency == null ? "-" : serverErrors + "/" + unexpected;
        String share = ratio() == null ? (ceiling == null ? "" : "(" + ceiling + ")")
                : String.format("%.2f of %s (%,.0f)", ratio(), ceiling, ceilingValue);
        return String.format("%-50s %,10.0f %4d %15s %9s %-10s %7s  %s", name, value(), runs.size(), ms, errors,
                invariants == null ? "-" : invariants, residentMiB == null ? "-" : residentMiB.toString(), share);
    }

    JsonObject toJson() {
        JsonArrayBuilder values = Json.createArrayBuilder();
        runs.forEach(values::add);
        JsonObjectBuilder json = Json.createObjectBuilder().add("figure", name).add("median", value()).add("runs", values)
                .add("serverErrors5xx", serverErrors).add("unexpectedStatuses", unexpected);
        if (latency != null) {
            json.add("latencyMs", latency.toJson());
        }
        if (invariants != null) {
            json.add("invariants", invariants);
        }
        if (residentMiB != null) {
            json.add("residentMiB", residentMiB);
        }
        if (ceiling != null) {
            json.add("ceiling", ceiling);
        }
        if (ratio() != null) {
            json.add("ceilingValue", ceilingValue).add("ratio", ratio());
        }
        return json.build();
    }
}
