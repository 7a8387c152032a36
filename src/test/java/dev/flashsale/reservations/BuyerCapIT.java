package dev.flashsale.reservations;

import static org.awaitility.Awaitility.await;
import static org.hamcrest.Matchers.equalTo;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.flashsale.testsupport.Api;
import dev.flashsale.testsupport.Crowd;
import dev.flashsale.testsupport.Db;
import dev.flashsale.testsupport.Holds;
import dev.flashsale.testsupport.Sales;
import dev.flashsale.testsupport.StockCounts;
import dev.flashsale.testsupport.TestServer;
import jakarta.json.Json;
import jakarta.json.JsonArrayBuilder;
import jakarta.json.JsonObject;
import java.net.URL;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * The cap per buyer and sale, through the storefront API: units held and bought by one buyer
 * over all the sale's SKUs never pass it, whether the requests meet in one group transaction or
 * race in transactions of their own (two SKUs, a sharded SKU); cancel and expiry free it, a
 * payment keeps it taken, and a retry of a reservation made under it is still answered.
 */
@Tag("core")
class BuyerCapIT {

    private final URL base = TestServer.url();
    private final Api api = new Api(base);

    @Test
    void fiftyParallelOrdersOfOneBuyerNeverPassTheCapAndOtherBuyersAreUnaffected() throws Exception {
        String sku = Sales.uniqueSku("cap");
        openSale(4, sku, 100, 1);

        List<Api.Answer> answers = Crowd.run(16, 50, i -> api.reserve(sku + "-greedy-" + i, sku, "greedy", 2));

        assertEquals(Map.of(201, 2L, 409, 48L), byStatus(answers));
        answers.stream().filter(a -> a.status() == 409)
                .forEach(a -> assertEquals("buyer-limit-reached", a.problemType(), a.toString()));
        assertEquals(4, StockCounts.of(sku).held());
        assertEquals(4, buyerUnits(sku, "greedy"));
        assertEquals(201, api.reserve(sku + "-other", sku, "someone-else", 2).status());
        Api.Answer accepted = answers.stream().filter(a -> a.status() == 201).findFirst().orElseThrow();
        String acceptedKey = Db.text("SELECT idempotency_key FROM reservation WHERE id = ?::uuid",
                accepted.json().getString("id"));
        Api.Answer replay = api.reserve(acceptedKey, sku, "greedy", 2);
        assertEquals(200, replay.status(), "a retry of a reservation made under the cap is answered: " + replay);
        assertEquals(accepted.json().getString("id"), replay.json().getString("id"));
    }

    /** Two SKUs (one of them on four stock rows) run in separate transactions: only the guarded count stops them. */
    @Test
    void theCapSpansEverySkuOfTheSaleWhenTheirTransactionsRace() throws Exception {
        String plain = Sales.uniqueSku("cap-a");
        String sharded = Sales.uniqueSku("cap-b");
        openSale(5, plain, 200, 1, sharded, 200, 4);

        List<Api.Answer> answers = Crowd.run(32, 200, i -> api.reserve(plain + "-race-" + i, i % 2 == 0 ? plain : sharded,
                "buyer-" + (i % 4 < 2 ? "x" : "y"), 1));

        assertEquals(Map.of(201, 10L, 409, 190L), byStatus(answers), "five units each for two buyers");
        assertEquals(5, buyerUnits(plain, "buyer-x"));
        assertEquals(5, buyerUnits(plain, "buyer-y"));
        assertEquals(5, Db.scalar("SELECT coalesce(sum(qty), 0) FROM reservation WHERE sku IN (?, ?) AND buyer_id = ?"
                + " AND status = 'HELD'", plain, sharded, "buyer-x"));
        assertEquals(10, StockCounts.of(plain).held() + StockCounts.of(sharded).held());
        assertTrue(StockCounts.of(plain).consistent() && StockCounts.of(sharded).consistent());
        assertEquals(0, StockCounts.inconsistentShards(sharded));
    }

    @Test
    void cancelAndExpiryFreeTheCapAndAPaymentKeepsItTaken() throws Exception {
        String sku = Sales.uniqueSku("cap-free");
        openSale(3, sku, 20, 1);
        String first = api.reserve(sku + "-1", sku, "buyer-f", 1).json().getString("id");
        String second = api.reserve(sku + "-2", sku, "buyer-f", 1).json().getString("id");
        String third = api.reserve(sku + "-3", sku, "buyer-f", 1).json().getString("id");
        assertEquals("buyer-limit-reached", api.reserve(sku + "-4", sku, "buyer-f", 1).problemType());

        assertEquals(200, api.cancel(first).status());
        assertEquals(2, buyerUnits(sku, "buyer-f"));
        assertEquals(201, api.reserve(sku + "-5", sku, "buyer-f", 1).status(), "a cancelled hold frees the cap");

        assertEquals(200, api.confirm(second).status());
        Db.setExpiry(third, -1);
        await("the expired hold's unit off buyer-f's count").atMost(Holds.SWEPT_WITHIN)
                .until(() -> buyerUnits(sku, "buyer-f"), equalTo(2L));
        assertEquals("EXPIRED", api.get("api/reservations/" + third).json().getString("status"));
        assertEquals(201, api.reserve(sku + "-6", sku, "buyer-f", 1).status(), "an expired hold frees the cap");
        Api.Answer refused = api.reserve(sku + "-7", sku, "buyer-f", 1);
        assertEquals(409, refused.status(), "the paid unit still counts: " + refused);
        assertEquals("buyer-limit-reached", refused.problemType());
        assertEquals(3, buyerUnits(sku, "buyer-f"));
    }

    @Test
    void aCapSetOnAnOpenSaleCountsWhatTheBuyerAlreadyHolds() {
        String sku = Sales.uniqueSku("cap-late");
        JsonObject sale = Sales.openSale(api, sku, 20, 3, 600, "REFUSE");
        assertEquals(201, api.reserve(sku + "-1", sku, "buyer-l", 3).status());
        assertEquals(201, api.reserve(sku + "-2", sku, "buyer-l", 3).status(), "no cap yet");

        Api.Answer capped = api.put("api/admin/sales/" + sale.getString("id"), saleBody(4, List.of(sku), List.of(20),
                List.of(1)).toString(), "Authorization", Api.basic(Api.ADMIN_USER, Api.ADMIN_PASSWORD));
        assertEquals(200, capped.status(), capped.toString());
        assertEquals(4, capped.json().getInt("maxPerBuyer"));

        Api.Answer refused = api.reserve(sku + "-3", sku, "buyer-l", 1);
        assertEquals("buyer-limit-reached", refused.problemType(), refused.toString());
        assertEquals(6, StockCounts.of(sku).held());
    }

    private void openSale(int maxPerBuyer, String sku, int units, int shards) {
        open(saleBody(maxPerBuyer, List.of(sku), List.of(units), List.of(shards)));
    }

    private void openSale(int maxPerBuyer, String sku, int units, int shards, String other, int otherUnits, int otherShards) {
        open(saleBody(maxPerBuyer, List.of(sku, other), List.of(units, otherUnits), List.of(shards, otherShards)));
    }

    private void open(JsonObject body) {
        Api.Answer created = api.adminPost("api/admin/sales", body.toString());
        assertEquals(201, created.status(), created.toString());
        Api.Answer opened = api.adminPostEmpty("api/admin/sales/" + created.json().getString("id") + "/open");
        assertEquals(200, opened.status(), opened.toString());
    }

    private static JsonObject saleBody(int maxPerBuyer, List<String> skus, List<Integer> units, List<Integer> shards) {
        JsonArrayBuilder items = Json.createArrayBuilder();
        for (int i = 0; i < skus.size(); i++) {
            items.add(Json.createObjectBuilder().add("sku", skus.get(i)).add("units", units.get(i)).add("shards", shards.get(i)));
        }
        return Json.createObjectBuilder().add("name", "Capped sale of " + skus.get(0)).add("holdSeconds", 600)
                .add("maxPerOrder", 3).add("maxPerBuyer", maxPerBuyer).add("items", items).build();
    }

    private static Map<Integer, Long> byStatus(List<Api.Answer> answers) {
        return answers.stream().collect(Collectors.groupingBy(Api.Answer::status, TreeMap::new, Collectors.counting()));
    }

    private static long buyerUnits(String skuOfSale, String buyer) {
        return Db.scalar("SELECT coalesce(sum(b.units), 0) FROM buyer_units b JOIN sku_item i ON i.sale_id = b.sale_id"
                + " WHERE i.sku = ? AND b.buyer_id = ?", skuOfSale, buyer);
    }
}
