package dev.flashsale.console;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.flashsale.reports.entity.SaleActivity;
import jakarta.json.Json;
import jakarta.json.JsonObject;
import java.io.StringReader;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The report's chart: counts per second on a time axis, dropping to none across a quiet stretch. */
class ActivityChartTest {

    private static final Instant START = Instant.parse("2026-12-06T10:00:00Z");

    @Test
    void eachBucketIsDrawnPerSecondAtItsTimeAndAQuietStretchDropsToNone() {
        SaleActivity activity = new SaleActivity(10, List.of(new SaleActivity.Point(START, 50, 0, 200),
                new SaleActivity.Point(START.plusSeconds(10), 30, 20, 0), new SaleActivity.Point(START.plusSeconds(60), 0, 5, 0)));
        JsonObject chart = Json.createReader(new StringReader(ActivityChart.of(activity))).readObject();
        List<JsonObject> datasets = chart.getJsonObject("data").getJsonArray("datasets").getValuesAs(JsonObject.class);
        assertEquals(List.of("Holds", "Sales", "Refusals"), datasets.stream().map(set -> set.getString("label")).toList());
        assertEquals("[0:5.0, 10:3.0, 20:0.0, 50:0.0, 60:0.0, 70:0.0]", points(datasets.get(0)));
        assertEquals("[0:0.0, 10:2.0, 20:0.0, 50:0.0, 60:0.5, 70:0.0]", points(datasets.get(1)));
        assertEquals("seconds after 10:00:00 UTC", chart.getJsonObject("options").getJsonObject("scales").getJsonObject("x")
                .getJsonObject("title").getString("text"));
        assertEquals("a second, averaged over 10 s", chart.getJsonObject("options").getJsonObject("scales").getJsonObject("y")
                .getJsonObject("title").getString("text"));
    }

    @Test
    void aSaleWithNothingYetHasEmptySeries() {
        JsonObject chart = Json.createReader(new StringReader(ActivityChart.of(SaleActivity.NONE))).readObject();
        assertEquals(0, chart.getJsonObject("data").getJsonArray("datasets").getJsonObject(0).getJsonArray("data").size());
    }

    private static String points(JsonObject dataset) {
        return dataset.getJsonArray("data").getValuesAs(JsonObject.class).stream()
                .map(point -> point.getJsonNumber("x").longValue() + ":" + point.getJsonNumber("y").doubleValue()).toList().toString();
    }
}
