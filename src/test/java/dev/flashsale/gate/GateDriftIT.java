package dev.flashsale.gate;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.flashsale.gate.control.GateKeys;
import dev.flashsale.platform.id.IdempotencyKey;
import dev.flashsale.platform.id.KeyOwner;
import dev.flashsale.stock.entity.Sku;
import dev.flashsale.testsupport.Api;
import dev.flashsale.testsupport.Db;
import dev.flashsale.testsupport.Holds;
import dev.flashsale.testsupport.Metrics;
import dev.flashsale.testsupport.Sales;
import dev.flashsale.testsupport.TestRedis;
import dev.flashsale.testsupport.TestServer;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.parallel.Isolated;
import redis.clients.jedis.Jedis;

/**
 * Drifts between the gate and PostgreSQL that a careful reading of the gate found, each made to
 * happen here: every one is healed by the gate itself or made impossible, so that the counter
 * ends equal to what PostgreSQL has available and no buyer is told sold out while units are left;
 * and a hold's extension that the gate failed to follow is found again by the gate's recovery.
 */
@Tag("core")
@Isolated("stops Redis and starts an empty one; runs reconciliation; breaks a gate key, which closes the gate for every sale")
class GateDriftIT {

    private final Api api = new Api(TestServer.url());

    /**
     * A hold placed while the gate was closed took nothing at the gate and left no marker. Once
     * the gate reopened (its counter rebuilt from PostgreSQL, which counts the hold as held), that
     * hold's cancel must give its unit back to the counter as any other would.
     */
    @Test
    void aHoldPlacedWhileTheGateWasClosedGivesItsUnitBackToTheCounter() {
        String sku = Sales.openSku(api, 5, 1, 600, "REFUSE");
        TestRedis.awaitValue(GateKeys.counter(new Sku(sku)), "5");
        String id;
        TestRedis.stop();
        try {
            Api.Answer bypassed = api.reserve(sku + "-closed", sku, "buyer-closed", 1);
            assertEquals(201, bypassed.status(), "PostgreSQL alone sells: " + bypassed);
            id = bypassed.json().getString("id");
        } finally {
            TestRedis.start();
            TestRedis.awaitGateInUse(api);
        }
        TestRedis.awaitValue(GateKeys.counter(new Sku(sku)), "4");

        assertEquals(200, api.cancel(id).status());
        assertEquals(5, api.stock(sku).json().getInt("available"));
        TestRedis.awaitValue(GateKeys.counter(new Sku(sku)), "5");
    }

    /**
     * A rebuild racing a payment can write back the deadline of a hold that was just paid for:
     * past it, every buyer refused at the gate would be sent to PostgreSQL to reclaim a hold
     * that is not there. The first such visit finds nothing and clears the stale deadline.
     */
    @Test
    void aStaleHoldDeadlineSendsOneBuyerToPostgresNotEveryOne() {
        String sku = Sales.openSku(api, 1, 1, 600, "REFUSE");
        TestRedis.awaitValue(GateKeys.counter(new Sku(sku)), "1");
        String paid = api.reserve(sku + "-paid", sku, "buyer-paid", 1).json().getString("id");
        assertEquals(200, api.confirm(paid).status());
        try (Jedis redis = TestRedis.client()) {
            redis.zadd(GateKeys.deadlines(new Sku(sku)), System.currentTimeMillis() - 1_000,
                    Holds.gateMember(sku + "-paid"));
        }
        Metrics before = Metrics.read(api);
        Api.Answer first = api.reserve(sku + "-late-0", sku, "buyer-late-0", 1);
        assertEquals("sold-out", first.problemType(), first.toString());
        try (Jedis redis = TestRedis.client()) {
            assertEquals(0, redis.zcard(GateKeys.deadlines(new Sku(sku))),
                    "the first buyer's visit to PostgreSQL cleared the stale deadline: no later buyer is sent there");
        }
        for (int i = 1; i < 5; i++) {
            Api.Answer refused = api.reserve(sku + "-late-" + i, sku, "buyer-late-" + i, 1);
            assertEquals("sold-out", refused.problemType(), refused.toString());
        }
        // The admissions are the server's counters, which other tests move as well: at least.
        Metrics after = Metrics.read(api);
        assertTrue(after.since(before, "flashsale_gate_admissions_total{answer=\"overdue_holds\"}") >= 1,
                "a buyer went to PostgreSQL for the stale deadline");
        assertTrue(after.since(before, "flashsale_gate_admissions_total{answer=\"sold_out\"}") >= 4,
                "the others were refused at the gate");
        assertEquals(0, Db.scalar("SELECT count(*) FROM reservation WHERE sku = ? AND status = 'HELD'", sku),
                "nothing was held for the stale deadline");
    }

    /**
     * Reconciliation reads PostgreSQL, then Redis: a cancel that commits in between has given its
     * unit back to the counter, which then looks one too high. Here the counter is one above what
     * PostgreSQL had when it was read, as that cancel leaves it; the cancel then commits (its
     * marker already spent). A single sighting must neither correct the counter down nor alert.
     */
    @Test
    void aCancelCommittingWhileReconciliationReadsIsNoDrift() {
        String sku = Sales.openSku(api, 10, 1, 600, "REFUSE");
        TestRedis.awaitValue(GateKeys.counter(new Sku(sku)), "10");
        String id = api.reserve(sku + "-a", sku, "buyer-a", 1).json().getString("id");
        TestRedis.awaitValue(GateKeys.counter(new Sku(sku)), "9");
        try (Jedis redis = TestRedis.client()) {
            redis.set(GateKeys.counter(new Sku(sku)), "10");
            redis.del(GateKeys.marker(new Sku(sku), new IdempotencyKey(KeyOwner.CONFIGURED, sku + "-a")));
        }
        assertEquals(200, api.adminPostEmpty("api/admin/reconciliation/run").status());
        assertEquals(200, api.cancel(id).status());

        try (Jedis redis = TestRedis.client()) {
            assertEquals("10", redis.get(GateKeys.counter(new Sku(sku))), "the counter agrees with PostgreSQL");
        }
        assertEquals(0, Db.scalar("SELECT count(*) FROM reconciliation_gap WHERE sku = ? AND action = 'ALERTED'", sku),
                "no false alert");
        assertEquals(200, api.adminPostEmpty("api/admin/reconciliation/run").status());
        assertEquals(0, Db.scalar("SELECT count(*) FROM reconciliation_gap WHERE sku = ? AND action IN ('ALERTED', 'CORRECTED')",
                sku), "nothing to correct on the next run either");
    }

    /**
     * PostgreSQL is the truth: the gate's deadlines of the SKU are made unreadable (a string where
     * Redis keeps a sorted set), so the extension's follow-up fails in Redis. The extension stands,
     * the failure is counted and closes the gate, and the recovery that opens it again records the
     * SKU's live holds from PostgreSQL: the new deadline among them.
     */
    @Test
    void anExtensionThatRedisFailedToFollowIsRecordedByTheGatesRecovery() {
        TestRedis.awaitGateInUse(api);
        String sku = Sales.uniqueSku("extend-redis");
        Sales.openSaleWithExtensions(api, sku, 2, 600, 60, 1);
        String id = api.reserve(sku + "-a", sku, "buyer-a", 1).json().getString("id");
        long first = Holds.deadlineMillis(id);
        long failures = api.adminGet("api/admin/gate").json().getJsonNumber("redisFailures").longValue();
        try (Jedis redis = TestRedis.client()) {
            redis.del(GateKeys.deadlines(new Sku(sku)));
            redis.set(GateKeys.deadlines(new Sku(sku)), "not a sorted set");
        }

        Api.Answer extended = api.extend(id, "{\"seconds\": 60}");
        assertEquals(200, extended.status(), extended.toString());
        assertEquals(first + 60_000, Holds.deadlineMillis(id), "the extension stands in PostgreSQL");
        assertTrue(api.adminGet("api/admin/gate").json().getJsonNumber("redisFailures").longValue() > failures,
                "the failure was counted");

        TestRedis.awaitGateInUse(api);
        Holds.awaitGateDeadline(sku, sku + "-a", first + 60_000);
    }
}
