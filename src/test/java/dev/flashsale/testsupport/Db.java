package dev.flashsale.testsupport;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.sql.DataSource;
import org.postgresql.ds.PGSimpleDataSource;

/** Direct reads and writes on the integration test database, to check what the API did. */
public final class Db {

    /** The server part and the database of a PostgreSQL JDBC URL. */
    private static final Pattern DATABASE_IN_URL = Pattern.compile("^(jdbc:postgresql://[^/?]*/)([^/?]+)");

    private Db() {
    }

    /** Opens a connection to one database: the tests' ({@code Db::connect}), or another one ({@link #of}). */
    @FunctionalInterface
    public interface Connections {
        Connection open() throws SQLException;
    }

    public static Connection connect() throws SQLException {
        return DriverManager.getConnection(url(), user(), password());
    }

    /** Another database on the tests' PostgreSQL server, as the same user (a node's own: {@link ClusterNode}). */
    public static Connections of(String database) {
        return () -> DriverManager.getConnection(urlOf(database), user(), password());
    }

    /** The tests' database's name: the path of {@code jdbc:postgresql://host:port/name?options}. */
    public static String name() {
        return databaseInUrl().group(2);
    }

    /** The JDBC URL of {@code database} on the tests' PostgreSQL server. */
    public static String urlOf(String database) {
        if (!database.matches("[a-z_][a-z0-9_]*")) {
            throw new IllegalArgumentException("Not a database's name: " + database);
        }
        Matcher path = databaseInUrl();
        return path.group(1) + database + url().substring(path.end());
    }

    private static Matcher databaseInUrl() {
        Matcher path = DATABASE_IN_URL.matcher(url());
        if (!path.find()) {
            throw new IllegalStateException("No database named in " + url());
        }
        return path;
    }

    /** The same database as a DataSource, for a tool that takes one (Flyway). */
    public static DataSource dataSource() {
        PGSimpleDataSource dataSource = new PGSimpleDataSource();
        dataSource.setUrl(url());
        dataSource.setUser(user());
        dataSource.setPassword(password());
        return dataSource;
    }

    // The build passes it.db.*; inside the server (in-container tests) the application's own settings apply.
    private static String url() {
        return System.getProperty("it.db.url", System.getProperty("flashsale.db.url", "jdbc:postgresql://127.0.0.1:5432/flashsale_it"));
    }

    private static String user() {
        return System.getProperty("it.db.user", System.getProperty("flashsale.db.user", "postgres"));
    }

    private static String password() {
        return System.getProperty("it.db.password", "");
    }

    public static long scalar(String sql, Object... params) {
        return scalar(Db::connect, sql, params);
    }

    /** The one value of {@code sql} in the database of {@code database}. */
    public static long scalar(Connections database, String sql, Object... params) {
        try (Connection connection = database.open(); PreparedStatement statement = prepare(connection, sql, params);
             ResultSet rows = statement.executeQuery()) {
            if (!rows.next()) {
                throw new IllegalStateException("No row from " + sql);
            }
            return rows.getLong(1);
        } catch (SQLException e) {
            throw new IllegalStateException(e);
        }
    }

    public static String text(String sql, Object... params) {
        try (Connection connection = connect(); PreparedStatement statement = prepare(connection, sql, params);
             ResultSet rows = statement.executeQuery()) {
            return rows.next() ? rows.getString(1) : null;
        } catch (SQLException e) {
            throw new IllegalStateException(e);
        }
    }

    public static List<String> texts(String sql, Object... params) {
        try (Connection connection = connect(); PreparedStatement statement = prepare(connection, sql, params);
             ResultSet rows = statement.executeQuery()) {
            List<String> values = new ArrayList<>();
            while (rows.next()) {
                values.add(rows.getString(1));
            }
            return values;
        } catch (SQLException e) {
            throw new IllegalStateException(e);
        }
    }

    public static int update(String sql, Object... params) {
        try (Connection connection = connect(); PreparedStatement statement = prepare(connection, sql, params)) {
            return statement.executeUpdate();
        } catch (SQLException e) {
            throw new IllegalStateException(e);
        }
    }

    /** Moves the deadline of a hold, as if time had passed: {@code seconds} from now, negative for the past. */
    public static void setExpiry(String reservationId, double seconds) {
        update("UPDATE reservation SET expires_at = now() + make_interval(secs => ?) WHERE id = ?::uuid", seconds, reservationId);
    }

    /**
     * A fingerprint of what the database keeps about these SKUs, to show that a refused request
     * changed nothing of them: their sales (and any sale whose name carries one of them), stock
     * rows, reservations, ledger rows and audit events. Other tests' data, and the sweeper at work
     * on it, leave it alone.
     */
    public static String fingerprint(String... skus) {
        return text("WITH k AS (SELECT unnest(CAST(? AS varchar[])) AS sku),"
                + " s AS (SELECT * FROM sale WHERE id IN (SELECT sale_id FROM sku_item WHERE sku IN (SELECT sku FROM k))"
                + "       OR EXISTS (SELECT 1 FROM k WHERE position(k.sku IN sale.name) > 0)),"
                + " r AS (SELECT * FROM reservation WHERE sku IN (SELECT sku FROM k))"
                + " SELECT format('%s | %s | %s | %s | %s',"
                + " (SELECT string_agg(concat_ws(':', id, name, status, hold_seconds, max_per_order, late_payment,"
                + "      max_extension_seconds, max_extensions, starts_at, ends_at, updated_at), ',' ORDER BY id) FROM s),"
                + " (SELECT string_agg(concat_ws(':', sku, shard, total, held, sold), ',' ORDER BY sku, shard)"
                + "      FROM stock_shard WHERE sku IN (SELECT sku FROM k)),"
                + " (SELECT string_agg(concat_ws(':', id, status, expires_at, updated_at, extensions), ',' ORDER BY id) FROM r),"
                + " (SELECT count(*) FROM stock_movement WHERE sku IN (SELECT sku FROM k)),"
                + " (SELECT count(*) FROM audit_event WHERE target IN (SELECT 'sku:' || sku FROM k"
                + "      UNION SELECT 'sale:' || id FROM s UNION SELECT 'reservation:' || id FROM r)))",
                (Object) skus);
    }

    private static PreparedStatement prepare(Connection connection, String sql, Object... params) throws SQLException {
        PreparedStatement statement = connection.prepareStatement(sql);
        for (int i = 0; i < params.length; i++) {
            statement.setObject(i + 1, params[i]);
        }
        return statement;
    }
}
