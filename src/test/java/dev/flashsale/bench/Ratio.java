package dev.flashsale.bench;

import jakarta.json.Json;
import jakarta.json.JsonObject;

/**
 * A measured figure as a share of the ceiling it can never pass on this machine (what the
 * server's HTTP stack, PostgreSQL or Redis alone manage at the same concurrency): the number
 * that says where the time goes.
 */
record Ratio(String figure, double value, String ceiling, double ceilingValue) {

    double share() {
        return ceilingValue == 0 ? 0 : value / ceilingValue;
    }

    JsonObject toJson() {
        return Json.createObjectBuilder().add("figure", figure).add("value", value).add("ceiling", ceiling)
                .add("ceilingValue", ceilingValue).add("ratio", share()).build();
    }

    @Override
    public String toString() {
        return String.format("%-34s %,9.0f /s = %5.1f%% of %-38s %,10.0f /s", figure, value, 100 * share(), ceiling, ceilingValue);
    }
}
