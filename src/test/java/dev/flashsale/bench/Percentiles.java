package dev.flashsale.bench;

import jakarta.json.Json;
import jakarta.json.JsonObject;
import java.util.Arrays;

/** Latency percentiles in milliseconds, nearest-rank over all measured requests. */
record Percentiles(double p50, double p95, double p99, double max) {

    static Percentiles ofNanos(long[] latencies) {
        if (latencies.length == 0) {
            return new Percentiles(0, 0, 0, 0);
        }
        long[] sorted = latencies.clone();
        Arrays.sort(sorted);
        return new Percentiles(rank(sorted, 50), rank(sorted, 95), rank(sorted, 99), sorted[sorted.length - 1] / 1e6);
    }

    private static double rank(long[] sorted, int percent) {
        int index = (int) Math.ceil(percent / 100.0 * sorted.length) - 1;
        return sorted[Math.max(0, index)] / 1e6;
    }

    JsonObject toJson() {
        return Json.createObjectBuilder().add("p50", p50).add("p95", p95).add("p99", p99).add("max", max).build();
    }

    @Override
    public String toString() {
        return String.format("p50 %.1f ms, p95 %.1f ms, p99 %.1f ms, max %.1f ms", p50, p95, p99, max);
    }
}
