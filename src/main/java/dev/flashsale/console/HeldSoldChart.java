package dev.flashsale.console;

import dev.flashsale.platform.JsonBuilders;
import dev.flashsale.stock.entity.HeldSoldPoint;
import jakarta.json.JsonArrayBuilder;
import jakarta.json.JsonObjectBuilder;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.List;

/**
 * A Chart.js line chart of held and sold units over a sale, on a time axis: each point at its
 * seconds after the first one, so that a quiet minute is as wide as it lasted and a rush of one
 * second as narrow (a category axis spaced them evenly). Built with JSON-P, so nothing typed can
 * break out of the page's script.
 */
final class HeldSoldChart {

    private static final DateTimeFormatter TIME = DateTimeFormatter.ofPattern("HH:mm:ss").withZone(ZoneOffset.UTC);

    private HeldSoldChart() {
    }

    /**
     * The chart of {@code points} (each the sums at the end of a time bucket of at least a second),
     * from nothing held or sold a second before the first: a sale of one second is a step, not a
     * point too small to see.
     */
    static String of(List<HeldSoldPoint> points) {
        JsonArrayBuilder held = JsonBuilders.array();
        JsonArrayBuilder sold = JsonBuilders.array();
        String from = "the first hold";
        if (!points.isEmpty()) {
            Instant origin = points.get(0).at().minusSeconds(1);
            from = TIME.format(origin) + " UTC";
            held.add(point(0, 0));
            sold.add(point(0, 0));
            for (HeldSoldPoint point : points) {
                double seconds = Duration.between(origin, point.at()).toMillis() / 1000.0;
                held.add(point(seconds, point.held()));
                sold.add(point(seconds, point.sold()));
            }
        }
        return JsonBuilders.object()
                .add("type", "line")
                .add("data", JsonBuilders.object()
                        .add("datasets", JsonBuilders.array()
                                .add(dataset("Held", "#f59e0b", held))
                                .add(dataset("Sold", "#16a34a", sold))))
                .add("options", JsonBuilders.object()
                        .add("animation", false)
                        .add("maintainAspectRatio", false)
                        .add("scales", JsonBuilders.object()
                                .add("x", JsonBuilders.object().add("type", "linear").add("beginAtZero", true)
                                        .add("title", JsonBuilders.object().add("display", true)
                                                .add("text", "seconds after " + from)))
                                .add("y", JsonBuilders.object().add("beginAtZero", true))))
                .build().toString().replace("<", "\\u003c");
    }

    private static JsonObjectBuilder point(double seconds, long units) {
        return JsonBuilders.object().add("x", seconds).add("y", units);
    }

    private static JsonObjectBuilder dataset(String label, String color, JsonArrayBuilder data) {
        return JsonBuilders.object().add("label", label).add("borderColor", color).add("backgroundColor", color)
                .add("stepped", true).add("pointRadius", 0).add("data", data);
    }
}
