package dev.flashsale.bench;

import java.util.List;
import java.util.Locale;

/**
 * The run's figures as one SVG picture, for docs/benchmarks.md: per figure, its requests a second
 * (the median) as a bar beside the bar of its ceiling measured in the same run, and its p50 and
 * p99 latency as two bars on a scale of their own. Figures without percentiles (pgbench's, whose
 * latency is an average) are left out. Plain SVG: no script, no font or style from elsewhere.
 */
final class FigureChart {

    private static final int ROW = 34;
    private static final int LABEL = 330;
    private static final int BARS = 320;
    private static final int GAP = 170;
    private static final int TOP = 56;
    private static final String PRODUCT = "#1f77b4";
    private static final String CEILING = "#bbbbbb";
    private static final String P50 = "#2ca02c";
    private static final String P99 = "#d62728";

    private FigureChart() {
    }

    static String render(String title, List<Figure> figures) {
        List<Figure> shown = figures.stream().filter(figure -> figure.value() > 0 && figure.latency() != null && figure.latency().p99() > 0).toList();
        double maxRate = shown.stream().mapToDouble(figure -> Math.max(figure.value(),
                figure.ceilingValue() == null ? 0 : figure.ceilingValue())).max().orElse(1);
        double maxMillis = shown.stream().mapToDouble(figure -> figure.latency().p99()).max().orElse(1);
        int width = LABEL + 2 * BARS + GAP + 60;
        int height = TOP + shown.size() * ROW + 20;
        StringBuilder svg = new StringBuilder(String.format(Locale.ROOT,
                "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%d\" viewBox=\"0 0 %d %d\" font-family=\"sans-serif\">"
                        + "<rect width=\"100%%\" height=\"100%%\" fill=\"white\"/>", width, height, width, height));
        svg.append(text(8, 18, 14, HtmlReport.escape(title)));
        int rates = LABEL;
        int latencies = LABEL + BARS + GAP;
        svg.append(legend(rates, 40, PRODUCT, "per second (median)")).append(legend(rates + 170, 40, CEILING, "its ceiling, same run"))
                .append(legend(latencies, 40, P50, "p50 ms")).append(legend(latencies + 90, 40, P99, "p99 ms"));
        int y = TOP;
        for (Figure figure : shown) {
            svg.append(text(8, y + 14, 11, HtmlReport.escape(figure.name())));
            svg.append(bar(rates, y, figure.value() / maxRate * BARS, 12, PRODUCT, String.format(Locale.ROOT, "%,.0f", figure.value())));
            if (figure.ceilingValue() != null) {
                svg.append(bar(rates, y + 13, figure.ceilingValue() / maxRate * BARS, 8, CEILING,
                        String.format(Locale.ROOT, "%s %,.0f (%.2f)", HtmlReport.escape(figure.ceiling()), figure.ceilingValue(), figure.ratio())));
            }
            WrkSummary.Latency latency = figure.latency();
            svg.append(bar(latencies, y, latency.p50() / maxMillis * BARS, 10, P50, String.format(Locale.ROOT, "%.1f", latency.p50())));
            svg.append(bar(latencies, y + 11, latency.p99() / maxMillis * BARS, 10, P99, String.format(Locale.ROOT, "%.1f", latency.p99())));
            y += ROW;
        }
        return svg.append("</svg>\n").toString();
    }

    private static String bar(int x, int y, double length, int thickness, String colour, String label) {
        double drawn = Math.max(1, length);
        return String.format(Locale.ROOT, "<rect x=\"%d\" y=\"%d\" width=\"%.1f\" height=\"%d\" fill=\"%s\"/>", x, y, drawn, thickness, colour)
                + text((int) (x + drawn + 4), y + thickness - 1, 9, label);
    }

    private static String legend(int x, int y, String colour, String label) {
        return String.format(Locale.ROOT, "<rect x=\"%d\" y=\"%d\" width=\"10\" height=\"10\" fill=\"%s\"/>", x, y - 9, colour)
                + text(x + 14, y, 10, label);
    }

    private static String text(int x, int y, int size, String text) {
        return String.format(Locale.ROOT, "<text x=\"%d\" y=\"%d\" font-size=\"%d\">%s</text>", x, y, size, text);
    }
}
