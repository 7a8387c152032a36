package dev.flashsale.testsupport.history;

import dev.flashsale.gate.control.GateKeys;
import dev.flashsale.stock.entity.Sku;
import dev.flashsale.testsupport.Db;
import dev.flashsale.testsupport.TestRedis;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import redis.clients.jedis.Jedis;

/**
 * What PostgreSQL (and the gate's counters in Redis) hold about some SKUs once a run is over:
 * the one source the checker judges a history against.
 *
 * @param redisCounters the gate's counter of each SKU; a SKU without one is left out
 */
public record FinalState(Map<String, SkuRow> skus, List<ReservationRow> reservations, Map<String, Long> redisCounters) {

    /**
     * A SKU's counts over its stock rows, the same counts from its ledger, its sale's cap per buyer
     * (0: none) and how often its sale lets a hold be extended.
     */
    public record SkuRow(String sku, String saleId, long total, long held, long sold, long heldByLedger,
                         long soldByLedger, int capPerBuyer, int maxExtensions) {

        /** A SKU of a sale that extends no hold. */
        public SkuRow(String sku, String saleId, long total, long held, long sold, long heldByLedger, long soldByLedger,
                      int capPerBuyer) {
            this(sku, saleId, total, held, sold, heldByLedger, soldByLedger, capPerBuyer, 0);
        }
    }

    /**
     * A reservation, with what its ledger rows did to held and sold, how often it was extended, its
     * deadline, and when the ledger has it expire (null: it did not).
     */
    public record ReservationRow(String id, String key, String sku, String buyer, int qty, String status,
                                 long heldDelta, long soldDelta, int extensions, Instant expiresAt, Instant expiredAt) {

        /** A reservation never extended, whose deadline the checker is not shown. */
        public ReservationRow(String id, String key, String sku, String buyer, int qty, String status, long heldDelta,
                              long soldDelta) {
            this(id, key, sku, buyer, qty, status, heldDelta, soldDelta, 0, null, null);
        }
    }

    /** Reads the SKUs from PostgreSQL and their counters from the tests' Redis. */
    public static FinalState read(Collection<String> skus) {
        return read(skus, FinalState::counterInTestRedis);
    }

    /**
     * Waits, up to {@code atMost}, until each SKU's counter in the tests' Redis (when it has one)
     * shows what PostgreSQL has available: a give-back to the gate runs once PostgreSQL committed,
     * so a history read at once may catch one on its way. A drift that stays is the checker's to
     * report: this never fails.
     */
    public static void awaitSettled(Collection<String> skus, java.time.Duration atMost) {
        try {
            org.awaitility.Awaitility.await("the gate's counters settled").atMost(atMost)
                    .pollInterval(java.time.Duration.ofMillis(50)).until(() -> settled(read(skus)));
        } catch (org.awaitility.core.ConditionTimeoutException stays) {
            // The checker reports the drift.
        }
    }

    private static boolean settled(FinalState state) {
        return state.redisCounters().entrySet().stream().allMatch(counter -> {
            SkuRow row = state.skus().get(counter.getKey());
            return counter.getValue() == row.total() - row.held() - row.sold();
        });
    }

    /** The gate's counter of a SKU in the tests' Redis (null: none). */
    public static String counterInTestRedis(String sku) {
        try (Jedis redis = TestRedis.client()) {
            return redis.get(GateKeys.counter(new Sku(sku)));
        }
    }

    /** @param counterOf the gate's counter of a SKU as Redis holds it (null: none) */
    public static FinalState read(Collection<String> skus, Function<String, String> counterOf) {
        return read(skus, counterOf, Db::connect);
    }

    /** The same, from another database ({@link Db#of}). */
    public static FinalState read(Collection<String> skus, Function<String, String> counterOf, Db.Connections database) {
        Map<String, SkuRow> rows = new HashMap<>();
        List<ReservationRow> reservations = new ArrayList<>();
        Map<String, Long> counters = new HashMap<>();
        try (Connection connection = database.open()) {
            for (String sku : skus) {
                rows.put(sku, skuRow(connection, sku));
                reservations.addAll(reservationsOf(connection, sku));
                String counter = counterOf.apply(sku);
                if (counter != null) {
                    counters.put(sku, Long.parseLong(counter));
                }
            }
        } catch (SQLException e) {
            throw new IllegalStateException("Cannot read the final state", e);
        }
        return new FinalState(rows, reservations, counters);
    }

    private static SkuRow skuRow(Connection connection, String sku) throws SQLException {
        try (PreparedStatement query = connection.prepareStatement(
                "SELECT s.sale_id, s.total, s.held, s.sold, coalesce(sale.max_per_buyer, 0), sale.max_extensions,"
                        + " (SELECT coalesce(sum(held_delta), 0) FROM stock_movement m WHERE m.sku = s.sku),"
                        + " (SELECT coalesce(sum(sold_delta), 0) FROM stock_movement m WHERE m.sku = s.sku)"
                        + " FROM stock s JOIN sale ON sale.id = s.sale_id WHERE s.sku = ?")) {
            query.setString(1, sku);
            try (ResultSet row = query.executeQuery()) {
                if (!row.next()) {
                    throw new IllegalStateException("No SKU " + sku);
                }
                return new SkuRow(sku, row.getString(1), row.getLong(2), row.getLong(3), row.getLong(4),
                        row.getLong(7), row.getLong(8), row.getInt(5), row.getInt(6));
            }
        }
    }

    private static Instant instant(ResultSet row, int column) throws SQLException {
        OffsetDateTime time = row.getObject(column, OffsetDateTime.class);
        return time == null ? null : time.toInstant();
    }

    private static List<ReservationRow> reservationsOf(Connection connection, String sku) throws SQLException {
        List<ReservationRow> found = new ArrayList<>();
        try (PreparedStatement query = connection.prepareStatement(
                "SELECT r.id, r.idempotency_key, r.buyer_id, r.qty, r.status,"
                        + " coalesce(sum(m.held_delta), 0), coalesce(sum(m.sold_delta), 0), r.extensions, r.expires_at,"
                        + " min(m.at) FILTER (WHERE m.kind = 'EXPIRE')"
                        + " FROM reservation r LEFT JOIN stock_movement m ON m.reservation_id = r.id"
                        + " WHERE r.sku = ? GROUP BY r.id")) {
            query.setString(1, sku);
            try (ResultSet row = query.executeQuery()) {
                while (row.next()) {
                    found.add(new ReservationRow(row.getString(1), row.getString(2), sku, row.getString(3), row.getInt(4),
                            row.getString(5), row.getLong(6), row.getLong(7), row.getInt(8), instant(row, 9), instant(row, 10)));
                }
            }
        }
        return found;
    }
}
