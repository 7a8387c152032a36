package dev.flashsale.reservations;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.flashsale.gate.control.GateKeys;
import dev.flashsale.platform.id.IdempotencyKey;
import dev.flashsale.platform.id.KeyOwner;
import dev.flashsale.stock.entity.Sku;
import dev.flashsale.testsupport.Api;
import dev.flashsale.testsupport.Db;
import dev.flashsale.testsupport.Metrics;
import dev.flashsale.testsupport.Sales;
import dev.flashsale.testsupport.TestRedis;
import dev.flashsale.testsupport.TestServer;
import java.util.Set;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.parallel.Isolated;
import redis.clients.jedis.Jedis;

/**
 * A reserve transaction that loses a race at each of its three attempts: the request is told 503
 * {@code busy} with Retry-After, and nothing is kept. The race is lost on purpose, every time: a
 * trigger swallows the buyer's count in the sale (as a twin's commit counting the buyer meanwhile
 * would), so each take finds a buyer placed and not counted, and rolls back.
 */
@Tag("core")
@Isolated("installs a trigger on buyer_units, which every reserve writes: its DDL waits for, and holds up, other classes' reserves;"
        + " counts the server's retried transactions")
class LostRacesIT {

    /** The trigger, and its function, that make a buyer's count go missing. */
    private static final String SWALLOW = "it_swallow_raced_buyer";
    private static final String RETRIED = "flashsale_checkout_retried_total";
    private static final String UNDECIDED = "flashsale_checkout_undecided_total";

    private final Api api = new Api(TestServer.url());

    /**
     * 503 {@code busy} with Retry-After after two retries (three attempts, not run again alone as a
     * failed group's members are: the request is the whole group); the SKU's rows as they were, its
     * unit back at the gate with no marker; once the trigger is gone, the client's retry under the
     * same key reserves.
     */
    @Test
    void aRequestThatLosesThreeRacesInARowIsTold503BusyAndLeavesNothing() {
        String sku = Sales.uniqueSku("raced");
        String buyer = "racer-" + sku;
        String key = "raced-" + sku;
        assertTrue(buyer.matches("[A-Za-z0-9-]+"), "the buyer id goes into the trigger's text as it is: " + buyer);
        Sales.openSale(api, sku, 5, 1, 600, "REFUSE");
        String counter = GateKeys.counter(new Sku(sku));
        TestRedis.awaitValue(counter, "5"); // the gate is on
        String before = Db.fingerprint(sku);
        try {
            Db.update("CREATE OR REPLACE FUNCTION " + SWALLOW + "() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN"
                    + " RETURN CASE WHEN NEW.buyer_id = '" + buyer + "' THEN NULL ELSE NEW END; END $$");
            Db.update("CREATE TRIGGER " + SWALLOW + " BEFORE INSERT ON buyer_units FOR EACH ROW EXECUTE FUNCTION " + SWALLOW + "()");
            Metrics metrics = Metrics.read(api);
            Api.Answer raced = api.reserve(key, sku, buyer, 1);
            Metrics after = Metrics.read(api);

            assertEquals(503, raced.status(), raced.toString());
            assertEquals("busy", raced.problemType(), raced.toString());
            assertFalse(raced.header("Retry-After").isEmpty(), "Retry-After: " + raced);
            assertEquals(2, after.since(metrics, RETRIED), "three attempts, two of them retries");
            assertEquals(0, after.since(metrics, UNDECIDED), "not run again alone");
            assertEquals(before, Db.fingerprint(sku), "no hold, no ledger row, the stock rows as they were");
            TestRedis.awaitValue(counter, "5");
            try (Jedis redis = TestRedis.client()) {
                assertEquals(Set.of(), redis.keys(GateKeys.marker(new Sku(sku), new IdempotencyKey(KeyOwner.CONFIGURED, "*"))),
                        "no marker left at the gate");
            }
        } finally {
            Db.update("DROP FUNCTION IF EXISTS " + SWALLOW + "() CASCADE");
        }
        Api.Answer retried = api.reserve(key, sku, buyer, 1);
        assertEquals(201, retried.status(), retried.toString());
        assertEquals(1, Db.scalar("SELECT count(*) FROM reservation WHERE sku = ?", sku));
    }
}
