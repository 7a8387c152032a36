package dev.flashsale.campaign;

import dev.flashsale.testsupport.Api;
import dev.flashsale.testsupport.Db;
import dev.flashsale.testsupport.history.Anomaly;
import jakarta.json.JsonObject;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * After a run's faults, each sale's report (GET /api/admin/sales/{id}/report) against the ledger
 * itself: confirmed, cancelled and expired reservations and the units returned and sold must be
 * exactly the ledger's, whatever the nodes, PostgreSQL and Redis went through.
 */
final class ReportAgainstLedger {

    private ReportAgainstLedger() {
    }

    /** @return one anomaly per figure of a sale's SKU that differs, none when the report is the ledger's */
    static List<Anomaly> check(Api admin, Map<String, String> skuBySale) {
        List<Anomaly> anomalies = new ArrayList<>();
        skuBySale.forEach((sale, sku) -> {
            Api.Answer answer = admin.adminGet("api/admin/sales/" + sale + "/report");
            if (answer.status() != 200) {
                anomalies.add(new Anomaly(Anomaly.Kind.REPORT_MISMATCH, "the report of sale " + sale + " answered " + answer));
                return;
            }
            JsonObject funnel = answer.json().getJsonArray("skus").getValuesAs(JsonObject.class).stream()
                    .filter(item -> item.getString("sku").equals(sku)).findFirst().orElseThrow().getJsonObject("funnel");
            ledger(sku).forEach((figure, recorded) -> {
                long reported = funnel.getJsonNumber(figure).longValue();
                if (reported != recorded) {
                    anomalies.add(new Anomaly(Anomaly.Kind.REPORT_MISMATCH, sku + ": the report says " + figure + " " + reported
                            + ", the ledger " + recorded));
                }
            });
        });
        return anomalies;
    }

    private static Map<String, Long> ledger(String sku) {
        Map<String, Long> figures = new LinkedHashMap<>();
        figures.put("confirmed", Db.scalar("SELECT count(*) FROM stock_movement WHERE sku = ? AND kind IN ('CONFIRM', 'RECLAIM')", sku));
        figures.put("cancelled", Db.scalar("SELECT count(*) FROM stock_movement WHERE sku = ? AND kind = 'CANCEL'", sku));
        figures.put("expired", Db.scalar("SELECT count(*) FROM stock_movement WHERE sku = ? AND kind = 'EXPIRE'", sku));
        figures.put("unitsReturned", Db.scalar("SELECT coalesce(sum(qty), 0) FROM stock_movement WHERE sku = ?"
                + " AND kind IN ('CANCEL', 'EXPIRE')", sku));
        figures.put("unitsSold", Db.scalar("SELECT coalesce(sum(sold_delta), 0) FROM stock_movement WHERE sku = ?", sku));
        return figures;
    }
}
