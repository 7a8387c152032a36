package dev.flashsale.platform;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.flashsale.gate.control.GateKeys;
import dev.flashsale.stock.entity.Sku;
import dev.flashsale.testsupport.Api;
import dev.flashsale.testsupport.Db;
import dev.flashsale.testsupport.Holds;
import dev.flashsale.testsupport.Metrics;
import dev.flashsale.testsupport.Sales;
import dev.flashsale.testsupport.SecondNode;
import dev.flashsale.testsupport.TestRedis;
import dev.flashsale.testsupport.TestServer;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.util.List;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.parallel.Isolated;
import redis.clients.jedis.Jedis;

/**
 * The application's metrics at /metrics, in Prometheus' text format: readable with a console
 * user's credential only, and each figure moving with what the application did.
 */
@Tag("core")
@Isolated("reads the server's gauges of every sale, stands the second node down, runs reconciliation")
class MetricsIT {

    private final Api api = new Api(TestServer.url());
    private final Api anonymous = new Api(TestServer.url()).withStorefrontKey(null);

    @Test
    void metricsNeedAConsoleUsersCredentialWhileHealthNeedsNone() {
        Api.Answer nobody = anonymous.get("metrics");
        assertEquals(401, nobody.status(), nobody.toString());
        assertTrue(nobody.isProblem(), nobody.toString());
        Api.Answer storefront = api.get("metrics");
        assertEquals(401, storefront.status(), "a storefront key does not read the metrics: " + storefront);
        Api.Answer wrong = anonymous.get("metrics", "Authorization", Api.basic(Api.ADMIN_USER, "not-the-password"));
        assertEquals(401, wrong.status(), wrong.toString());

        String viewer = "metrics-" + Sales.uniqueSku("v").toLowerCase();
        assertEquals(201, api.adminPost("api/admin/users",
                "{\"username\":\"" + viewer + "\",\"password\":\"viewer-password-1\",\"role\":\"viewer\"}").status());
        Api.Answer read = anonymous.get("metrics", "Authorization", Api.basic(viewer, "viewer-password-1"));
        assertEquals(200, read.status(), read.toString());
        assertTrue(read.contentType().startsWith("text/plain"), read.contentType());
        assertTrue(read.body().contains("# TYPE flashsale_reservations_total counter")
                || read.body().contains("# TYPE flashsale_gate_admissions_total counter"), "the application's own metrics are there");

        Api.Answer ready = anonymous.get("health/ready");
        assertEquals(200, ready.status(), "a load balancer needs no credential: " + ready);
        for (String secret : new String[] {"jdbc:", "flashsale_it", "127.0.0.1", "localhost", TestServer.APPLICATION_NAME}) {
            assertFalse(ready.body().contains(secret), "health tells nothing of " + secret + ": " + ready.body());
        }
    }

    /**
     * The counters are the server's, moved by every test that reserves: each is shown to move by
     * at least what this test did (a counter never goes down), and what the answers were is read
     * from the test's own SKU.
     */
    @Test
    void reserveAnswersAreCountedByOutcomeAndProblemTypeAndTimed() {
        String sku = Sales.openSku(api, 1, 1, 600, "REFUSE");
        TestRedis.awaitValue(GateKeys.counter(new Sku(sku)), "1");
        Metrics before = Metrics.read(api);

        assertEquals(201, api.reserve(sku + "-a", sku, "buyer-a", 1).status());
        assertEquals(200, api.reserve(sku + "-a", sku, "buyer-a", 1).status(), "a replay");
        Api.Answer soldOut = api.reserve(sku + "-b", sku, "buyer-b", 1);
        assertEquals("sold-out", soldOut.problemType(), soldOut.toString());
        Api.Answer invalid = api.reserve(sku + "-c", sku, "buyer-c", 0);
        assertEquals(400, invalid.status(), invalid.toString());
        assertEquals(1, Db.scalar("SELECT count(*) FROM reservation WHERE sku = ?", sku), "one reservation of four answers");

        Metrics after = Metrics.read(api);
        assertMovedAtLeast(1, before, after, answers("created", 201, "none"));
        assertMovedAtLeast(1, before, after, answers("replayed", 200, "none"));
        assertMovedAtLeast(1, before, after, answers("refused", 409, "sold-out"));
        assertMovedAtLeast(1, before, after, answers("refused", 400, invalid.problemType()));
        assertMovedAtLeast(4, before, after, "flashsale_reserve_duration_count");
        assertMovedAtLeast(4, before, after, "flashsale_reserve_duration_bucket{le=\"+Inf\"}");
        assertEquals(after.value("flashsale_reserve_duration_count"), after.value("flashsale_reserve_duration_bucket{le=\"+Inf\"}"),
                "every answer timed, as a histogram");
        assertTrue(after.since(before, "flashsale_reserve_duration_sum") > 0);

        assertMovedAtLeast(1, before, after, "flashsale_gate_admissions_total{answer=\"passed\"}");
        assertMovedAtLeast(1, before, after, "flashsale_gate_admissions_total{answer=\"key_holds\"}");
        assertMovedAtLeast(1, before, after, "flashsale_gate_admissions_total{answer=\"sold_out\"}");
        try (Jedis redis = TestRedis.client()) {
            assertEquals("0", redis.get(GateKeys.counter(new Sku(sku))), "the unit was taken at the gate");
        }
        double groups = after.since(before, "flashsale_checkout_group_size_count");
        assertTrue(groups >= 1, "the reservation's group transaction: " + groups);
        assertTrue(after.since(before, "flashsale_checkout_group_size_sum") >= groups);
        assertTrue(after.value("flashsale_checkout_group_size_max") >= 1);
        assertEquals(0, after.value("flashsale_checkout_queued"), "nobody waits in line now");
    }

    @Test
    void theSweepersExpirationsAndLagAreMetrics() throws Exception {
        // This server's sweeper must be the one that expires the hold: no second node sweeps meanwhile.
        SecondNode.standDown();
        String sku = Sales.openSku(api, 5, 2, 600, "REFUSE");
        String id = api.reserve(sku + "-a", sku, "buyer-a", 2).json().getString("id");
        Metrics before = Metrics.read(api);
        try (Connection connection = Db.connect()) {
            connection.setAutoCommit(false);
            // A key-share lock on the hold keeps the sweepers away (FOR UPDATE SKIP LOCKED) but lets
            // its deadline change: overdue, and not expired.
            try (PreparedStatement lock = connection.prepareStatement(
                    "SELECT 1 FROM reservation WHERE id = ?::uuid FOR KEY SHARE")) {
                lock.setString(1, id);
                assertTrue(lock.executeQuery().next());
            }
            Db.setExpiry(id, -45);
            double lag = Metrics.read(api).value("flashsale_sweeper_lag_seconds");
            assertTrue(lag >= 44, "the most overdue hold waits since 45 s: " + lag);
            connection.commit();
        }
        Holds.awaitStatus(api, id, "EXPIRED");
        Metrics after = Metrics.read(api);
        assertMovedAtLeast(1, before, after, "flashsale_sweeper_expired_holds_total");
        assertMovedAtLeast(2, before, after, "flashsale_sweeper_expired_units_total");
        // The gauge is the whole database's most overdue hold: this one swept, it is what is left, none when no
        // other test left a hold it cannot sweep (the adversary campaign's foils oversell on purpose).
        double lagNow = after.value("flashsale_sweeper_lag_seconds");
        long left = Db.scalar("SELECT COALESCE(EXTRACT(EPOCH FROM now() - min(expires_at)), 0)::bigint FROM reservation"
                + " WHERE status = 'HELD' AND expires_at <= now()");
        assertEquals(left, lagNow, 2.0, "swept, the lag is the database's most overdue hold but this one");
    }

    @Test
    void reconciliationGapsAreCountedByKindAndAction() {
        String sku = Sales.openSku(api, 10, 1, 600, "REFUSE");
        TestRedis.awaitValue(GateKeys.counter(new Sku(sku)), "10");
        Metrics before = Metrics.read(api);
        try (Jedis redis = TestRedis.client()) {
            redis.set(GateKeys.counter(new Sku(sku)), "15");
        }
        for (int run = 0; run < 2; run++) {
            Api.Answer ran = api.adminPostEmpty("api/admin/reconciliation/run");
            assertEquals(200, ran.status(), ran.toString());
        }
        Metrics after = Metrics.read(api);
        assertEquals(List.of("WATCHED", "ALERTED"), Db.texts("SELECT action FROM reconciliation_gap"
                + " WHERE sku = ? AND kind = 'REDIS_HIGH' ORDER BY id", sku), "the SKU's gap, seen twice");
        assertMovedAtLeast(1, before, after, "flashsale_reconciliation_gaps_total{action=\"watched\",kind=\"redis_high\"}");
        assertMovedAtLeast(1, before, after, "flashsale_reconciliation_gaps_total{action=\"alerted\",kind=\"redis_high\"}");
    }

    @Test
    void theConnectionPoolAndTheGateAreGauges() {
        Metrics now = Metrics.read(api);
        double open = now.value("flashsale_db_connections{state=\"open\"}");
        double inUse = now.value("flashsale_db_connections{state=\"in_use\"}");
        assertEquals(TestServer.MAX_POOL_SIZE, now.value("flashsale_db_connections_max"));
        assertTrue(open >= 1 && open <= TestServer.MAX_POOL_SIZE, "open: " + open);
        assertTrue(inUse >= 0 && inUse < open, "in use: " + inUse);
        long seenByPostgres = Db.scalar(
                "SELECT count(*) FROM pg_stat_activity WHERE application_name = ? AND datname = current_database()",
                TestServer.APPLICATION_NAME);
        assertTrue(Math.abs(seenByPostgres - open) <= 2, "PostgreSQL sees " + seenByPostgres + ", the gauge " + open);

        assertEquals(1, now.value("flashsale_gate_open"));
        assertTrue(now.value("flashsale_gate_state_changes_total{to=\"open\"}") >= 1);
        now.value("flashsale_redis_failures_total{component=\"gate\"}");
        now.value("flashsale_redis_failures_total{component=\"limits\"}");
        now.value("flashsale_checkout_lines");
    }

    /** A server-wide counter that other tests move too: it grew by what this test did, or more. */
    private static void assertMovedAtLeast(double least, Metrics before, Metrics after, String sample) {
        double moved = after.since(before, sample);
        assertTrue(moved >= least, sample + " moved by " + moved + ", not by at least " + least);
    }

    private static String answers(String outcome, int status, String problem) {
        return "flashsale_reservations_total{outcome=\"" + outcome + "\",problem=\"" + problem + "\",status=\"" + status + "\"}";
    }
}
