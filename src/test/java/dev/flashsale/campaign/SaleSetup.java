package dev.flashsale.campaign;

import dev.flashsale.testsupport.Api;
import jakarta.json.Json;
import jakarta.json.JsonObjectBuilder;
import java.time.Instant;

/** A run's two sales, made through the admin API: one plain, one through a waiting room. */
record SaleSetup(String sku, String saleId, String roomSku, String roomSaleId, String name) {

    /** Room settings every run shares: the shortest token and missed-poll times the room allows. */
    static final int TOKEN_SECONDS = 10;
    static final int MISSED_POLL_SECONDS = 3;
    static final int MAX_PER_ORDER = 2;

    static SaleSetup open(Api admin, RunPlan plan, String tag) {
        String sku = "CMP-" + tag;
        String roomSku = "CMR-" + tag;
        String name = "Campaign run " + tag;
        String saleId = created(admin, terms(plan, name, sku, plan.units(), plan.shards()).build().toString());
        String roomSaleId = created(admin, Json.createObjectBuilder().add("name", name + " (room)")
                .add("holdSeconds", plan.holdSeconds()).add("maxPerOrder", 1).add("latePayment", "REFUSE")
                .add("startsAt", Instant.now().minusSeconds(2).toString())
                .add("items", Json.createArrayBuilder().add(Json.createObjectBuilder().add("sku", roomSku)
                        .add("units", plan.roomUnits())))
                .build().toString());
        expect(admin.adminPut("api/admin/sales/" + roomSaleId + "/room", Json.createObjectBuilder().add("enabled", true)
                .add("admissionPerSecond", plan.admissionPerSecond()).add("maxActive", plan.maxActive())
                .add("tokenSeconds", TOKEN_SECONDS).add("missedPollSeconds", MISSED_POLL_SECONDS).build().toString()), "room");
        return new SaleSetup(sku, saleId, roomSku, roomSaleId, name);
    }

    /** The plain sale's terms, with {@code units} of its SKU: what a merchandiser sends to change them. */
    static JsonObjectBuilder terms(RunPlan plan, String name, String sku, int units, int shards) {
        return Json.createObjectBuilder().add("name", name).add("holdSeconds", plan.holdSeconds())
                .add("maxPerOrder", MAX_PER_ORDER).add("maxPerBuyer", plan.maxPerBuyer()).add("latePayment", "REFUSE")
                .add("maxExtensionSeconds", plan.maxExtensionSeconds()).add("maxExtensions", plan.maxExtensions())
                .add("items", Json.createArrayBuilder().add(Json.createObjectBuilder().add("sku", sku).add("units", units)
                        .add("shards", shards)));
    }

    private static String created(Api admin, String body) {
        Api.Answer created = expect(admin.adminPost("api/admin/sales", body), "sale");
        String id = created.json().getString("id");
        expect(admin.adminPostEmpty("api/admin/sales/" + id + "/open"), "opening");
        return id;
    }

    private static Api.Answer expect(Api.Answer answer, String what) {
        if (answer.status() != 200 && answer.status() != 201) {
            throw new IllegalStateException("The run's " + what + " was refused: " + answer);
        }
        return answer;
    }
}
