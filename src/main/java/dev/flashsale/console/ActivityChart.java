package dev.flashsale.console;

import dev.flashsale.platform.JsonBuilders;
import dev.flashsale.reports.entity.SaleActivity;
import jakarta.json.JsonArrayBuilder;
import jakarta.json.JsonObjectBuilder;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.function.ToLongFunction;

/**
 * The report's chart (Chart.js): holds, sales and refusals per second over the sale's time, each
 * bucket's counts divided by its width, on a time axis of seconds after the first bucket, so that a
 * sale of a minute and one of two hours both fill the chart ({@link SaleActivity} picks the
 * width), each drawn as a step as wide as its bucket. A bucket where nothing happened is drawn as none. Built with JSON-P, so nothing typed can
 * break out of the page's script.
 */
final class ActivityChart {

    private static final DateTimeFormatter TIME = DateTimeFormatter.ofPattern("HH:mm:ss").withZone(ZoneOffset.UTC);

    private ActivityChart() {
    }

    static String of(SaleActivity activity) {
        String from = activity.points().isEmpty() ? "the first hold" : TIME.format(activity.points().get(0).at()) + " UTC";
        String per = activity.bucketSeconds() == 1 ? "a second" : "a second, averaged over " + activity.bucketSeconds() + " s";
        return JsonBuilders.object()
                .add("type", "line")
                .add("data", JsonBuilders.object()
                        .add("datasets", JsonBuilders.array()
                                .add(dataset("Holds", "#f59e0b", series(activity, SaleActivity.Point::holds)))
                                .add(dataset("Sales", "#16a34a", series(activity, SaleActivity.Point::sales)))
                                .add(dataset("Refusals", "#dc2626", series(activity, SaleActivity.Point::refusals)))))
                .add("options", JsonBuilders.object()
                        .add("animation", false)
                        .add("maintainAspectRatio", false)
                        .add("scales", JsonBuilders.object()
                                .add("x", JsonBuilders.object().add("type", "linear").add("beginAtZero", true)
                                        .add("title", title("seconds after " + from)))
                                .add("y", JsonBuilders.object().add("beginAtZero", true).add("title", title(per)))))
                .build().toString().replace("<", "\\u003c");
    }

    /** Each bucket's count per second, with a zero a bucket before and after a gap, so that a quiet stretch drops to none. */
    private static JsonArrayBuilder series(SaleActivity activity, ToLongFunction<SaleActivity.Point> count) {
        JsonArrayBuilder points = JsonBuilders.array();
        if (activity.points().isEmpty()) {
            return points;
        }
        Instant origin = activity.points().get(0).at();
        int width = activity.bucketSeconds();
        long previous = -width;
        for (SaleActivity.Point point : activity.points()) {
            long at = Duration.between(origin, point.at()).getSeconds();
            if (at - previous > width) {
                if (previous >= 0) {
                    points.add(point(previous + width, 0));
                }
                if (at > 0) {
                    points.add(point(at - width, 0));
                }
            }
            points.add(point(at, (double) count.applyAsLong(point) / width));
            previous = at;
        }
        return points.add(point(previous + width, 0));
    }

    private static JsonObjectBuilder point(long seconds, double perSecond) {
        return JsonBuilders.object().add("x", seconds).add("y", perSecond);
    }

    private static JsonObjectBuilder title(String text) {
        return JsonBuilders.object().add("display", true).add("text", text);
    }

    private static JsonObjectBuilder dataset(String label, String color, JsonArrayBuilder data) {
        return JsonBuilders.object().add("label", label).add("borderColor", color).add("backgroundColor", color)
                .add("stepped", "before").add("pointRadius", 0).add("data", data);
    }
}
