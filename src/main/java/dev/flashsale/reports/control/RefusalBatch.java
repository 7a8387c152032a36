package dev.flashsale.reports.control;

import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;

/**
 * A node's refusal counts of one flush, as the flush's two statements take them: per SKU and
 * reason ({@code db/reports/add_refusals.sql}), and per SKU and second
 * ({@code db/reports/add_refusal_seconds.sql}), each as parallel comma-separated lists.
 */
public final class RefusalBatch {

    private final List<String> reasonSkus = new ArrayList<>();
    private final List<String> reasons = new ArrayList<>();
    private final List<Long> reasonCounts = new ArrayList<>();
    private final List<String> secondSkus = new ArrayList<>();
    private final List<Long> seconds = new ArrayList<>();
    private final List<Long> secondCounts = new ArrayList<>();

    public void byReason(String sku, String reason, long refused) {
        reasonSkus.add(sku);
        reasons.add(reason);
        reasonCounts.add(refused);
    }

    /** {@code refused} refusals of {@code sku} in the second {@code epochSecond}. */
    public void bySecond(String sku, long epochSecond, long refused) {
        secondSkus.add(sku);
        seconds.add(epochSecond);
        secondCounts.add(refused);
    }

    public boolean isEmpty() {
        return reasonSkus.isEmpty() && secondSkus.isEmpty();
    }

    String reasonSkus() {
        return String.join(",", reasonSkus);
    }

    String reasons() {
        return String.join(",", reasons);
    }

    String reasonCounts() {
        return joined(reasonCounts);
    }

    String secondSkus() {
        return String.join(",", secondSkus);
    }

    String seconds() {
        return joined(seconds);
    }

    String secondCounts() {
        return joined(secondCounts);
    }

    private static String joined(List<Long> numbers) {
        return numbers.stream().map(String::valueOf).collect(Collectors.joining(","));
    }
}
