package dev.flashsale.reservations;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.flashsale.gate.control.GateKeys;
import dev.flashsale.platform.id.IdempotencyKey;
import dev.flashsale.platform.id.KeyOwner;
import dev.flashsale.stock.entity.Sku;
import dev.flashsale.testsupport.Api;
import dev.flashsale.testsupport.Crowd;
import dev.flashsale.testsupport.Db;
import dev.flashsale.testsupport.Sales;
import dev.flashsale.testsupport.TestRedis;
import dev.flashsale.testsupport.TestServer;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import redis.clients.jedis.Jedis;

/**
 * A request and its retry under the same idempotency key, sent at once as the last units of a
 * sharded SKU go: the first through the gate takes the key's units there, the other goes to
 * PostgreSQL as the key's retry, and the two may run in two transactions at once on two stock
 * rows. Whichever places the key's hold, both are answered with it (201 and 200), never one of
 * them sold out; and the gate keeps the key's marker, so that its counter and markers agree with
 * PostgreSQL. (The transaction that read the keys before its twin committed, then found the units
 * gone, answered sold out, and the gate dropped the marker of a key that held a unit: once in the
 * signature scenario of OversellIT, 499 markers for 500 holds.)
 */
@Tag("core")
class TwinRequestsIT {

    private static final int ROUNDS = 10;
    private static final int SHARDS = 10;

    private final Api api = new Api(TestServer.url());

    @Test
    void aRequestAndItsRetryAtOnceAsTheLastUnitsGoGetTheSameHoldAndNeverSoldOut() throws Exception {
        List<String> wrong = new ArrayList<>();
        for (int round = 0; round < ROUNDS; round++) {
            String sku = Sales.uniqueSku("twins");
            Sales.openSale(api, sku, SHARDS, 1, 600, "REFUSE", SHARDS);
            wrong.addAll(twins(sku, SHARDS));
        }
        assertEquals(List.of(), wrong, "every key's two requests answered with one hold, 201 and 200, and its marker kept");
    }

    /** {@link #SHARDS} keys of as many buyers, each sent twice at once, at a SKU of {@code units}; @return what went wrong */
    private List<String> twins(String sku, int units) throws Exception {
        TestRedis.awaitValue(GateKeys.counter(new Sku(sku)), Integer.toString(units)); // the gate is on
        List<Api.Answer> answers = Crowd.run(2 * SHARDS, 2 * SHARDS, i -> api.reserve(sku + "-k-" + i / 2, sku, "buyer-" + i / 2, 1));
        List<String> wrong = new ArrayList<>();
        for (int key = 0; key < SHARDS; key++) {
            Api.Answer first = answers.get(2 * key);
            Api.Answer second = answers.get(2 * key + 1);
            Map<Integer, Integer> statuses = new TreeMap<>(Map.of(first.status(), 1));
            statuses.merge(second.status(), 1, Integer::sum);
            boolean sameHold = statuses.equals(Map.of(200, 1, 201, 1))
                    && first.json().getString("id").equals(second.json().getString("id"));
            if (!sameHold) {
                wrong.add(sku + "-k-" + key + ": " + first + " / " + second);
            }
        }
        assertEquals(SHARDS, Db.scalar("SELECT count(*) FROM reservation WHERE sku = ?", sku), "a hold for every key");
        try (Jedis redis = TestRedis.client()) {
            int markers = redis.keys(GateKeys.marker(new Sku(sku), new IdempotencyKey(KeyOwner.CONFIGURED, "*"))).size();
            if (markers != SHARDS) {
                wrong.add(sku + ": " + markers + " markers at the gate for " + SHARDS + " keys that hold units");
            }
        }
        return wrong;
    }
}
