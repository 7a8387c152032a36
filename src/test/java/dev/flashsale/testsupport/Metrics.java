package dev.flashsale.testsupport;

import java.util.HashMap;
import java.util.Map;

/**
 * One reading of the application's /metrics (Prometheus text, read with the admin's credential):
 * each sample by its name and labels as written, {@code mp_scope} left out, e.g.
 * {@code flashsale_gate_admissions_total{answer="passed"}}.
 */
public final class Metrics {

    private final Map<String, Double> samples;

    private Metrics(Map<String, Double> samples) {
        this.samples = samples;
    }

    public static Metrics read(Api api) {
        Api.Answer answer = api.adminGet("metrics");
        if (answer.status() != 200) {
            throw new IllegalStateException("GET /metrics answered " + answer);
        }
        Map<String, Double> samples = new HashMap<>();
        for (String line : answer.body().split("\n")) {
            if (line.isBlank() || line.startsWith("#")) {
                continue;
            }
            int space = line.lastIndexOf(' ');
            samples.put(withoutScope(line.substring(0, space)), Double.parseDouble(line.substring(space + 1)));
        }
        return new Metrics(samples);
    }

    /** The sample's value; fails when the application does not publish it. */
    public double value(String sample) {
        Double value = samples.get(sample);
        if (value == null) {
            throw new AssertionError("No sample " + sample + " in /metrics; flashsale samples: "
                    + samples.keySet().stream().filter(name -> name.startsWith("flashsale")).sorted().toList());
        }
        return value;
    }

    /** The sample's value, 0 when it was not published yet (a counter of a label value never met). */
    public double valueOrZero(String sample) {
        return samples.getOrDefault(sample, 0.0);
    }

    /** How much a sample grew from an earlier reading to this one. */
    public double since(Metrics earlier, String sample) {
        return valueOrZero(sample) - earlier.valueOrZero(sample);
    }

    private static String withoutScope(String sample) {
        String cleaned = sample.replaceAll("mp_scope=\"[a-z]+\",?", "").replace(",}", "}");
        return cleaned.endsWith("{}") ? cleaned.substring(0, cleaned.length() - 2) : cleaned;
    }
}
