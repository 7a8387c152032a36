package dev.flashsale.bench;

import jakarta.json.Json;
import jakarta.json.JsonObject;
import jakarta.json.JsonObjectBuilder;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

/**
 * Checks after a load, straight in PostgreSQL over JDBC, that the counts of a SKU are what its
 * reservations and its ledger say: nothing oversold, held = HELD reservations = sum of held
 * deltas, sold = CONFIRMED reservations = sum of sold deltas. Figures under load mean nothing
 * if these do not hold.
 */
final class LedgerInvariants {

    private static final String COUNTS = """
            SELECT st.total, st.held, st.sold,
                   (SELECT coalesce(sum(qty), 0) FROM reservation r WHERE r.sku = st.sku AND r.status = 'HELD') AS reserved_held,
                   (SELECT coalesce(sum(qty), 0) FROM reservation r WHERE r.sku = st.sku AND r.status = 'CONFIRMED') AS reserved_sold,
                   (SELECT coalesce(sum(held_delta), 0) FROM stock_movement m WHERE m.sku = st.sku) AS ledger_held,
                   (SELECT coalesce(sum(sold_delta), 0) FROM stock_movement m WHERE m.sku = st.sku) AS ledger_sold
              FROM stock st
             WHERE st.sku = ?""";

    /** The counts of one SKU and each check, in the order they are printed. */
    record Verdict(String sku, Map<String, Long> counts, Map<String, Boolean> checks) {

        boolean allPass() {
            return !checks.containsValue(false);
        }

        JsonObject toJson() {
            JsonObjectBuilder countsJson = Json.createObjectBuilder();
            counts.forEach(countsJson::add);
            JsonObjectBuilder checksJson = Json.createObjectBuilder();
            checks.forEach((check, pass) -> checksJson.add(check, pass ? "PASS" : "FAIL"));
            return Json.createObjectBuilder().add("sku", sku).add("counts", countsJson).add("checks", checksJson).build();
        }
    }

    private final String url;
    private final String user;
    private final String password;

    LedgerInvariants(String url, String user, String password) {
        this.url = url;
        this.user = user;
        this.password = password;
    }

    /**
     * Writes every dirty page now (CHECKPOINT), so that the WAL of one phase (pgbench writes a lot
     * of it) is not flushed by a checkpoint running during the next phase, whose commits would
     * then wait on a busy disk. Needs a superuser or the pg_checkpoint role.
     *
     * @return empty when it ran, else why not (the benchmark goes on either way)
     */
    Optional<String> checkpoint() {
        try (Connection connection = DriverManager.getConnection(url, user, password);
             Statement statement = connection.createStatement()) {
            statement.execute("CHECKPOINT");
            return Optional.empty();
        } catch (SQLException refused) {
            return Optional.of(refused.getMessage());
        }
    }

    Verdict check(String sku) throws SQLException {
        try (Connection connection = DriverManager.getConnection(url, user, password);
             PreparedStatement statement = connection.prepareStatement(COUNTS)) {
            statement.setString(1, sku);
            try (ResultSet row = statement.executeQuery()) {
                if (!row.next()) {
                    throw new IllegalStateException("No stock row for " + sku + " in " + url);
                }
                Map<String, Long> counts = new LinkedHashMap<>();
                for (String column : new String[] {"total", "held", "sold", "reserved_held", "reserved_sold", "ledger_held", "ledger_sold"}) {
                    counts.put(column, row.getLong(column));
                }
                long total = counts.get("total");
                long held = counts.get("held");
                long sold = counts.get("sold");
                counts.put("oversold", Math.max(0, held + sold - total));
                counts.put("reservations_beyond_total", Math.max(0, counts.get("reserved_held") + counts.get("reserved_sold") - total));
                Map<String, Boolean> checks = new LinkedHashMap<>();
                checks.put("held + sold <= total", counts.get("oversold") == 0);
                checks.put("HELD + CONFIRMED reservations <= total", counts.get("reservations_beyond_total") == 0);
                checks.put("stock.held = sum(qty) of HELD reservations", held == counts.get("reserved_held"));
                checks.put("stock.sold = sum(qty) of CONFIRMED reservations", sold == counts.get("reserved_sold"));
                checks.put("stock.held = sum(held_delta) of stock_movement", held == counts.get("ledger_held"));
                checks.put("stock.sold = sum(sold_delta) of stock_movement", sold == counts.get("ledger_sold"));
                return new Verdict(sku, counts, checks);
            }
        }
    }

    /** Connections PostgreSQL still accepts, keeping {@code margin} free for everybody else. */
    int connectionsToSpare(int margin) throws SQLException {
        try (Connection connection = DriverManager.getConnection(url, user, password);
             PreparedStatement statement = connection.prepareStatement(
                     "SELECT current_setting('max_connections')::int - (SELECT count(*) FROM pg_stat_activity)");
             ResultSet row = statement.executeQuery()) {
            row.next();
            return row.getInt(1) - margin;
        }
    }
}
