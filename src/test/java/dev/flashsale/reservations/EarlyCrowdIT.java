package dev.flashsale.reservations;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.flashsale.gate.control.GateKeys;
import dev.flashsale.stock.entity.Sku;
import dev.flashsale.testsupport.Api;
import dev.flashsale.testsupport.Crowd;
import dev.flashsale.testsupport.Metrics;
import dev.flashsale.testsupport.Sales;
import dev.flashsale.testsupport.StockCounts;
import dev.flashsale.testsupport.TestRedis;
import dev.flashsale.testsupport.TestServer;
import jakarta.json.Json;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.parallel.Isolated;
import redis.clients.jedis.Jedis;

/**
 * A crowd that comes before the sale's window, as a flash sale's crowd does, or while the sale is
 * paused: every buyer is told the window has not opened (409 {@code outside-sale-window}) or the
 * sale is not open ({@code sale-not-open}), never that the SKU is sold out, however many ask at
 * once; nothing is taken from the gate's counter, and the units are all there once it sells.
 */
@Tag("core")
@Isolated("its paused sale's crowd goes to PostgreSQL: beside other classes, their checkouts met a full line (503 busy)")
class EarlyCrowdIT {

    private static final String OPENING = "flashsale_gate_admissions_total{answer=\"opening\"}";

    private final Api api = new Api(TestServer.url());

    @BeforeEach
    void theGateInUse() {
        // With the gate closed PostgreSQL answers all alone, and says the same: the test is of the gate.
        TestRedis.awaitGateInUse(api);
    }

    @Test
    void buyersBeforeTheWindowAreToldItHasNotOpenedNeverThatItIsSoldOut() throws Exception {
        String sku = Sales.uniqueSku("early");
        Instant later = Instant.now().plusSeconds(3600);
        String body = Json.createObjectBuilder().add("name", "Early crowd " + sku).add("maxPerOrder", 1)
                .add("startsAt", later.toString())
                .add("items", Json.createArrayBuilder().add(Json.createObjectBuilder().add("sku", sku).add("units", 3)))
                .build().toString();
        Api.Answer created = api.adminPost("api/admin/sales", body);
        assertEquals(201, created.status(), created.toString());
        String id = created.json().getString("id");
        assertEquals(200, api.adminPostEmpty("api/admin/sales/" + id + "/open").status());

        List<Api.Answer> early = Crowd.run(16, 160, i -> api.reserve(sku + "-early-" + i, sku, "buyer-" + i, 1));

        Map<String, Long> told = early.stream().collect(Collectors.groupingBy(answer -> answer.status() + " " + answer.problemType(),
                TreeMap::new, Collectors.counting()));
        assertEquals(Map.of("409 outside-sale-window", 160L), told, "what the early crowd was told");
        early.forEach(answer -> assertTrue(answer.json().getString("detail").endsWith("its window has not opened"),
                "refused at the gate, PostgreSQL not asked: " + answer));
        assertEquals(0, StockCounts.of(sku).held());
        try (Jedis redis = TestRedis.client()) {
            assertEquals("3", redis.get(GateKeys.counter(new Sku(sku))), "the gate's counter, untouched");
            assertEquals(null, redis.get(GateKeys.soldOut(new Sku(sku))), "no sold-out flag");
        }

        // The window opens (the merchandiser moves its start to now): the three units are there.
        Api.Answer moved = api.put("api/admin/sales/" + id, body.replace(later.toString(), Instant.now().minusSeconds(1).toString()),
                "Authorization", Api.basic(Api.ADMIN_USER, Api.ADMIN_PASSWORD));
        assertEquals(200, moved.status(), moved.toString());
        List<Integer> onTime = Crowd.run(8, 40, i -> api.reserve(sku + "-on-time-" + i, sku, "on-time-" + i, 1).status());
        assertEquals(Map.of(201, 3L, 409, 37L), onTime.stream().collect(Collectors.groupingBy(Function.identity(), Collectors.counting())));
        assertEquals(3, StockCounts.of(sku).held());
    }

    /** The same for a crowd that meets a sale paused mid-way: it is told the sale is not open, and resumed, it sells. */
    @Test
    void buyersOfAPausedSaleAreToldItIsNotOpenNeverThatItIsSoldOut() throws Exception {
        String sku = Sales.uniqueSku("paused");
        String id = Sales.openSale(api, sku, 4, 1, 600, "REFUSE").getString("id");
        assertEquals(201, api.reserve(sku + "-first", sku, "first", 1).status());
        assertEquals(200, api.adminPostEmpty("api/admin/sales/" + id + "/pause").status());

        Metrics before = Metrics.read(api);
        List<Api.Answer> paused = Crowd.run(16, 160, i -> api.reserve(sku + "-paused-" + i, sku, "buyer-" + i, 1));

        Map<String, Long> told = paused.stream().collect(Collectors.groupingBy(answer -> answer.status() + " " + answer.problemType(),
                TreeMap::new, Collectors.counting()));
        assertEquals(Map.of("409 sale-not-open", 160L), told, "what the crowd of the paused sale was told");
        assertTrue(Metrics.read(api).since(before, OPENING) >= 160, "the gate sent each of them on to PostgreSQL, taking nothing");
        try (Jedis redis = TestRedis.client()) {
            assertEquals("3", redis.get(GateKeys.counter(new Sku(sku))), "the gate's counter, untouched");
            assertEquals(null, redis.get(GateKeys.soldOut(new Sku(sku))), "no sold-out flag");
        }
        assertEquals(200, api.adminPostEmpty("api/admin/sales/" + id + "/open").status());
        List<Integer> resumed = Crowd.run(8, 40, i -> api.reserve(sku + "-resumed-" + i, sku, "resumed-" + i, 1).status());
        assertEquals(Map.of(201, 3L, 409, 37L), resumed.stream().collect(Collectors.groupingBy(Function.identity(), Collectors.counting())));
        assertEquals(4, StockCounts.of(sku).held());
    }
}
