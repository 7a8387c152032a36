package dev.flashsale.bench;

import jakarta.json.Json;
import jakarta.json.JsonObject;

/**
 * How the server grouped reservations into shared transactions during one run: the difference
 * of its {@code /api/admin/checkout-groups} counters before and after.
 */
record GroupUse(long groups, long requests, long undecided) {

    static GroupUse between(JsonObject before, JsonObject after) {
        return new GroupUse(delta(before, after, "groups"), delta(before, after, "requests"), delta(before, after, "undecided"));
    }

    private static long delta(JsonObject before, JsonObject after, String counter) {
        return after.getJsonNumber(counter).longValue() - before.getJsonNumber(counter).longValue();
    }

    double meanSize() {
        return groups == 0 ? 0 : (double) requests / groups;
    }

    @Override
    public String toString() {
        return String.format("%,d requests in %,d group transactions (mean %.1f per group), %,d left to go alone",
                requests, groups, meanSize(), undecided);
    }

    JsonObject toJson() {
        return Json.createObjectBuilder().add("groups", groups).add("requests", requests).add("undecided", undecided)
                .add("meanGroupSize", meanSize()).build();
    }
}
