package dev.flashsale.bench;

import java.util.List;
import java.util.Locale;

/**
 * A small self-contained HTML page with inline SVG line charts of the seed scenarios (the cold
 * ones and the median warm one of each gate mode): answers per second (counted by the wrk script)
 * and held units over time. No scripts, no styles from elsewhere:
 * it opens from the disk in any browser and can be attached to a ticket.
 */
final class HtmlReport {

    private static final int WIDTH = 640;
    private static final int HEIGHT = 160;
    private static final int MARGIN = 45;

    private HtmlReport() {
    }

    static String render(String runId, String mode, List<SeedScenario.Outcome> seeds) {
        StringBuilder html = new StringBuilder("<!DOCTYPE html><html><head><meta charset=\"utf-8\"><title>flashsale benchmark ")
                .append(runId).append("</title><style>body{font-family:sans-serif;margin:2em}svg{background:#fafafa;"
                        + "border:1px solid #ddd;margin:.3em 0}</style></head><body><h1>flashsale benchmark ")
                .append(runId).append("</h1><p>").append(escape(mode)).append("</p>");
        for (SeedScenario.Outcome seed : seeds) {
            double[] seconds = seed.load().perSecond().keySet().stream().mapToDouble(Integer::doubleValue).toArray();
            double[] answered = seed.load().perSecond().values().stream().mapToDouble(Long::doubleValue).toArray();
            html.append("<h2>Seed scenario ").append(escape(seed.sku())).append(", concurrency ").append(seed.concurrency())
                    .append("</h2><p>").append(seed.buyers()).append(" buyers for ").append(seed.units()).append(" units: ")
                    .append(format(seed.load().perSecondRate())).append(" req/s, latency ").append(seed.load().latency())
                    .append(", held at the end ").append(seed.heldFromApi()).append(seed.pass() ? " (PASS)" : " (FAIL)").append("</p>");
            html.append(chart("answers per second", "s", seconds, answered, "#1f77b4"));
            html.append(chart("units held (GET stock every 200 ms)", "s",
                    seed.heldOverTime().stream().mapToDouble(reading -> reading.millis() / 1000.0).toArray(),
                    seed.heldOverTime().stream().mapToDouble(StockPoller.Reading::held).toArray(), "#2ca02c"));
        }
        return html.append("</body></html>\n").toString();
    }

    private static String chart(String title, String xUnit, double[] xs, double[] ys, String colour) {
        double maxX = Math.max(1, max(xs));
        double maxY = Math.max(1, max(ys));
        StringBuilder points = new StringBuilder();
        for (int i = 0; i < xs.length; i++) {
            double x = MARGIN + xs[i] / maxX * (WIDTH - 2 * MARGIN);
            double y = HEIGHT - MARGIN / 2.0 - ys[i] / maxY * (HEIGHT - MARGIN);
            points.append(format(x)).append(',').append(format(y)).append(' ');
        }
        int bottom = HEIGHT - MARGIN / 2;
        int top = MARGIN / 2;
        return String.format(Locale.ROOT, "<div><svg width=\"%d\" height=\"%d\" viewBox=\"0 0 %d %d\">"
                        + "<text x=\"%d\" y=\"14\" font-size=\"12\">%s</text>"
                        + "<line x1=\"%d\" y1=\"%d\" x2=\"%d\" y2=\"%d\" stroke=\"#999\"/>"
                        + "<line x1=\"%d\" y1=\"%d\" x2=\"%d\" y2=\"%d\" stroke=\"#999\"/>"
                        + "<text x=\"2\" y=\"%d\" font-size=\"10\">%s</text><text x=\"2\" y=\"%d\" font-size=\"10\">0</text>"
                        + "<text x=\"%d\" y=\"%d\" font-size=\"10\" text-anchor=\"end\">%s %s</text>"
                        + "<polyline fill=\"none\" stroke=\"%s\" stroke-width=\"1.5\" points=\"%s\"/></svg></div>",
                WIDTH, HEIGHT, WIDTH, HEIGHT, MARGIN, escape(title),
                MARGIN, top, MARGIN, bottom, MARGIN, bottom, WIDTH - MARGIN, bottom,
                top + 8, format(maxY), bottom,
                WIDTH - MARGIN, HEIGHT - 2, format(maxX), xUnit,
                colour, points.toString().trim());
    }

    private static double max(double[] values) {
        double max = 0;
        for (double value : values) {
            max = Math.max(max, value);
        }
        return max;
    }

    private static String format(double value) {
        return value == Math.rint(value) ? Long.toString((long) value) : String.format(Locale.ROOT, "%.1f", value);
    }

    static String escape(String text) {
        return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace("\"", "&quot;");
    }
}
