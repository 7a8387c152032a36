package dev.flashsale.gate;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import dev.flashsale.gate.control.GateKeys;
import dev.flashsale.stock.entity.Sku;
import dev.flashsale.testsupport.Api;
import dev.flashsale.testsupport.Sales;
import dev.flashsale.testsupport.StockCounts;
import dev.flashsale.testsupport.TestRedis;
import dev.flashsale.testsupport.TestServer;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import redis.clients.jedis.Jedis;

/**
 * The gate's sold-out flag follows its counter: a request PostgreSQL refused with none left sets it
 * in the same script that ends the request's marker, and only while the counter is 0. A unit that
 * came back between PostgreSQL's refusal and that script is sold at once. The test lands the
 * return there with the gate's steps one call each (testhooks). Failed before: the flag was set
 * after the release whatever the counter said, and the returned unit was refused at the gate
 * until reconciliation rebuilt the counter.
 */
@Tag("core")
class SoldOutFlagRaceIT {

    private final Api api = new Api(TestServer.url());

    @Test
    void aUnitReturnedWhileARefusalIsOnItsWayIsSoldAtOnce() {
        String sku = Sales.openSku(api, 1, 1, 600, "REFUSE");
        Sku gated = new Sku(sku);
        TestRedis.awaitValue(GateKeys.counter(gated), "1");
        String first = api.reserve(sku + "-first", sku, "buyer-first", 1).json().getString("id");
        try (Jedis redis = TestRedis.client()) {
            // The gate lets one more through than PostgreSQL has (as after a hold taken while it was closed).
            redis.set(GateKeys.counter(gated), "1");
            redis.del(GateKeys.soldOut(gated));
        }
        assertEquals("PASSED", api.postEmpty("api/test/gate/" + sku + "/" + sku + "-late/admit").json().getString("admission"));
        // PostgreSQL refuses that request: none left. Before the gate hears of it, the first hold is cancelled.
        assertEquals(200, api.cancel(first).status());
        TestRedis.awaitValue(GateKeys.counter(gated), "1");
        assertEquals(200, api.postEmpty("api/test/gate/" + sku + "/" + sku + "-late/refused-sold-out").status());

        try (Jedis redis = TestRedis.client()) {
            assertFalse(redis.exists(GateKeys.soldOut(gated)), "a unit is free: no sold-out flag");
            assertEquals("1", redis.get(GateKeys.counter(gated)), "the refused request's unit stays out: PostgreSQL had none");
        }
        Api.Answer next = api.reserve(sku + "-next", sku, "buyer-next", 1);
        assertEquals(201, next.status(), "the returned unit is sold at once: " + next);
        StockCounts counts = StockCounts.of(sku);
        assertEquals(1, counts.held());
        assertEquals(0, api.stock(sku).json().getInt("available"));
    }
}
