package dev.flashsale.testsupport;

import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The packaged application on the Redis Cluster of {@link TestRedisCluster}, for the cluster's
 * classes, on a database of its own (the tests' database's name with {@code _cluster}, made empty
 * at its start): it shares neither Redis nor data with the tests' server and the {@link SecondNode}
 * (only the PostgreSQL server and the machine), so that its sweeper, webhook sender and
 * reconciliation touch no other class's data, and its start can run beside a class that holds
 * with it ({@link EarlyStarts}) instead of adding its half minute to the run.
 */
public final class ClusterNode {

    /** How the node names its connections in PostgreSQL (pg_stat_activity). */
    public static final String APPLICATION_NAME = "flashsale-it-cluster";

    private static final NodeSlot NODE = new NodeSlot("cluster");

    private ClusterNode() {
    }

    /**
     * The node, ready; started on first use. It outlives the faults of the classes before its
     * own (PostgreSQL stopped or restarted): it is handed out once it is ready again.
     */
    public static PackagedNode get() {
        return NODE.ready(ClusterNode::start);
    }

    /**
     * Waits for the start begun early, at the end of the class beside which it began
     * ({@link EarlyStarts}), so that it runs into no class that did not say it holds with it (a
     * class that stops PostgreSQL would fail its migration).
     */
    public static void awaitTheEarlyStart() {
        NODE.current();
    }

    /** Begins starting the node on a thread of its own ({@link EarlyStarts}). */
    public static void startEarly() {
        NODE.startEarly(ClusterNode::start);
    }

    /** The node's database, for the tests' reads ({@link Db#scalar(Db.Connections, String, Object...)}). */
    public static Db.Connections database() {
        return Db.of(databaseName());
    }

    /** Stops the node, at the end of the run. */
    public static void stop() {
        NODE.stop();
    }

    /** The tests' database's name with {@code _cluster}: a build on another database has its own. */
    private static String databaseName() {
        return Db.name() + "_cluster";
    }

    private static PackagedNode start() {
        String database = databaseName();
        recreate(database);
        Map<String, String> stores = new LinkedHashMap<>();
        stores.put("flashsale.db.url", Db.urlOf(database));
        stores.put("flashsale.redis.cluster-nodes", TestRedisCluster.nodes());
        stores.putAll(TestRedis.applicationLogin());
        Map<String, String> settings = SecondNode.settings(stores);
        settings.put("flashsale.db.application-name", APPLICATION_NAME);
        settings.remove("FLASHSALE_ACCESS_LOG_DIR"); // the second node's, which its tests read
        return PackagedNode.start("cluster", settings);
    }

    private static void recreate(String database) {
        try (Connection connection = Db.of("postgres").open(); Statement statement = connection.createStatement()) {
            statement.execute("DROP DATABASE IF EXISTS " + database + " WITH (FORCE)");
            TestDatabase.createForApplication(statement, database);
        } catch (SQLException e) {
            throw new IllegalStateException("Cannot make the Redis Cluster node's database " + database, e);
        }
    }
}
