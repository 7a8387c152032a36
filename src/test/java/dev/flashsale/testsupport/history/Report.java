package dev.flashsale.testsupport.history;

import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * The checker's verdict on a history: its anomalies (none, for a correct run) and the figures a
 * scenario prints.
 *
 * @param figures requests, ok, refused, unsent, unknown, 5xx, errors (unknown: no answer), and
 *                the unknown reserves the final state resolved as taken and as not taken
 */
public record Report(List<Anomaly> anomalies, Map<String, Long> figures) {

    public boolean has(Anomaly.Kind kind) {
        return anomalies.stream().anyMatch(anomaly -> anomaly.kind() == kind);
    }

    public long figure(String name) {
        return figures.getOrDefault(name, 0L);
    }

    @Override
    public String toString() {
        String counts = figures.entrySet().stream().map(e -> e.getKey() + "=" + e.getValue()).collect(Collectors.joining(", "));
        String found = anomalies.isEmpty() ? "none" : anomalies.size() + ": " + anomalies.stream().limit(10)
                .map(a -> a.kind() + " " + a.detail()).collect(Collectors.joining("; "));
        return "history: " + counts + "; anomalies: " + found;
    }
}
