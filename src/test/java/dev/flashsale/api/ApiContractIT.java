package dev.flashsale.api;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.flashsale.testsupport.Api;
import dev.flashsale.testsupport.Crowd;
import dev.flashsale.testsupport.Db;
import dev.flashsale.testsupport.Metrics;
import dev.flashsale.testsupport.RawHttp;
import dev.flashsale.testsupport.Sales;
import dev.flashsale.testsupport.TestServer;
import dev.flashsale.testhooks.UndeclaredHookResource;
import jakarta.json.Json;
import jakarta.json.JsonObject;
import java.net.URL;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Supplier;
import java.util.logging.Logger;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.parallel.Isolated;

/**
 * The API's contract at its edges: every kind of bad input gets its 4xx problem+json answer and
 * changes nothing; the admin API asks for credentials; sales move only along their lifecycle.
 */
@Tag("core")
@Isolated("collects the server's heap and counts its checkout lines")
class ApiContractIT {

    /** Unknown SKUs asked for in each of the two batches of {@link #requestsForUnknownSkusLeaveNothingBehind()}. */
    private static final int UNKNOWN_SKUS = 6_000;

    private static final String SKU_READS = "flashsale_sales_sku_reads_total";

    /** Stock requests of one SKU by {@link #aCrowdAskingForOneSkusStockSharesItsReadsAndIsNeverAnsweredWithOlderCounts()}. */
    private static final int STOCK_READS = 3_000;
    private static final int STOCK_UNITS = 20;
    private static final String STOCK_READS_METRIC = "flashsale_stock_level_reads_total";

    private static final String UNKNOWN_ID = "00000000-0000-4000-8000-000000000000";

    private static final Logger LOG = Logger.getLogger(ApiContractIT.class.getName());

    private final URL base = TestServer.url();

    @Test
    void badReservationRequestsAreRefusedWithProblemsAndChangeNothing() {
        Api api = new Api(base);
        String sku = Sales.openSku(api, 10, 2, 600, "REFUSE");
        String good = Api.reserveBody(sku, "buyer-1", 1);
        String json = "application/json";
        List<Refusal> cases = new ArrayList<>();
        cases.add(new Refusal(400, "idempotency-key-missing", () -> api.post("api/reservations", good)));
        cases.add(new Refusal(400, "idempotency-key-missing", () -> api.post("api/reservations", good, "Idempotency-Key", "   ")));
        cases.add(new Refusal(400, "idempotency-key-invalid", () -> api.post("api/reservations", good, "Idempotency-Key", "k".repeat(129))));
        cases.add(new Refusal(400, "idempotency-key-invalid", () -> api.post("api/reservations", good, "Idempotency-Key", "has space")));
        cases.add(new Refusal(400, "invalid-request", () -> api.reserve("k-qty0", sku, "buyer-1", 0)));
        cases.add(new Refusal(400, "invalid-request", () -> api.reserve("k-qty-neg", sku, "buyer-1", -1)));
        cases.add(new Refusal(400, "quantity-above-limit", () -> api.reserve("k-qty3", sku, "buyer-1", 3)));
        cases.add(new Refusal(400, "invalid-request", () -> api.reserve("k-qty-big", sku, "buyer-1", 10_001)));
        cases.add(new Refusal(400, "invalid-request", () -> api.post("api/reservations",
                "{\"sku\":\"" + sku + "\",\"buyerId\":\"b\",\"qty\":3000000000}", "Idempotency-Key", "k-range")));
        cases.add(new Refusal(400, "malformed-request", () -> api.post("api/reservations",
                "{\"sku\":\"" + sku + "\",\"buyerId\":\"b\",\"qty\":\"one\"}", "Idempotency-Key", "k-type")));
        cases.add(new Refusal(400, "invalid-request", () -> api.post("api/reservations",
                "{\"sku\":\"" + sku + "\",\"buyerId\":\"b\",\"qty\":1.5}", "Idempotency-Key", "k-fraction")));
        cases.add(new Refusal(400, "malformed-request", () -> api.post("api/reservations", "{\"sku\": ", "Idempotency-Key", "k-broken")));
        cases.add(new Refusal(400, "malformed-request", () -> api.post("api/reservations", "[1,2]", "Idempotency-Key", "k-array")));
        cases.add(new Refusal(400, "malformed-request", () -> api.post("api/reservations", "", "Idempotency-Key", "k-empty")));
        cases.add(new Refusal(400, "invalid-request", () -> api.post("api/reservations",
                "{\"sku\":\"" + sku + "\",\"qty\":1}", "Idempotency-Key", "k-no-buyer")));
        cases.add(new Refusal(400, "invalid-request", () -> api.reserve("k-long-buyer", sku, "b".repeat(129), 1)));
        cases.add(new Refusal(400, "invalid-buyer-id", () -> api.reserve("k-nul-buyer", sku, "buyer\u0000one", 1)));
        cases.add(new Refusal(400, "invalid-buyer-id", () -> api.reserve("k-newline-buyer", sku, "buyer\none", 1)));
        cases.add(new Refusal(413, "body-too-large", () -> api.post("api/reservations",
                Api.reserveBody(sku, "b".repeat((1 << 20) - 100), 1), "Idempotency-Key", "k-huge")));
        cases.add(new Refusal(413, "body-too-large", () -> api.postChunked("api/reservations",
                Api.reserveBody(sku, "b".repeat(64 << 10), 1), "Idempotency-Key", "k-huge-chunked")));
        cases.add(new Refusal(400, "invalid-request", () -> api.reserve("k-bad-sku", "no spaces allowed", "buyer-1", 1)));
        cases.add(new Refusal(404, "sku-not-found", () -> api.reserve("k-unknown", "NO-SUCH-SKU", "buyer-1", 1)));
        cases.add(new Refusal(400, "malformed-request", () -> api.post("api/reservations",
                "{\"sku\":\"" + sku + "\",\"buyerId\":\"b\",\"qty\":" + "9".repeat(1_200) + "}", "Idempotency-Key", "k-long-number")));
        cases.add(new Refusal(415, "unsupported-media-type", () -> api.postRaw("api/reservations", good,
                "Content-Type", "text/plain", "Idempotency-Key", "k-text")));
        cases.add(new Refusal(400, "invalid-id", () -> api.get("api/reservations/not-a-uuid")));
        cases.add(new Refusal(400, "invalid-id", () -> api.confirm("12345")));
        cases.add(new Refusal(400, "invalid-id", () -> api.cancel("zzzzzzzz-zzzz-zzzz-zzzz-zzzzzzzzzzzz")));
        cases.add(new Refusal(400, "invalid-id", () -> api.postEmpty("api/reservations/42/extend")));
        cases.add(new Refusal(400, "invalid-id", () -> api.post("api/sales/42/queue", "{\"buyerId\":\"buyer-1\"}")));
        cases.add(new Refusal(400, "invalid-id", () -> api.get("api/sales/not-a-sale/queue")));
        cases.add(new Refusal(400, "invalid-id", () -> api.get("api/sales/42/queue/lottery")));
        cases.add(new Refusal(400, "invalid-id", () -> api.get("api/sales/42/queue/a-ticket")));
        cases.add(new Refusal(400, "invalid-id", () -> api.delete("api/sales/42/queue/a-ticket")));
        cases.add(new Refusal(404, "reservation-not-found", () -> api.confirm(UNKNOWN_ID)));
        cases.add(new Refusal(400, "invalid-sku", () -> api.get("api/skus/bad%20sku/stock")));
        cases.add(new Refusal(404, "sku-not-found", () -> api.stock("NO-SUCH-SKU")));
        cases.add(new Refusal(404, "not-found", () -> api.get("api/no-such-thing")));
        cases.add(new Refusal(405, "method-not-allowed", () -> api.postRaw("api/skus/" + sku + "/stock", "", "Content-Type", json)));

        assertRefusedWithoutChanges(cases, sku);
        assertEquals(10, api.stock(sku).json().getInt("available"));
    }

    @Test
    void aKeyReusedForAnotherRequestIsRefusedAndTheFirstReservationStands() {
        Api api = new Api(base);
        String sku = Sales.openSku(api, 10, 3, 600, "REFUSE");
        String other = Sales.openSku(api, 10, 3, 600, "REFUSE");
        Api.Answer first = api.reserve(sku + "-key", sku, "buyer-1", 1);
        assertEquals(201, first.status());
        Api.Answer replay = api.reserve(sku + "-key", sku, "buyer-1", 1);
        assertEquals(200, replay.status());
        assertEquals(first.body(), replay.body());

        List<Refusal> cases = new ArrayList<>();
        cases.add(new Refusal(422, "idempotency-key-reused", () -> api.reserve(sku + "-key", sku, "buyer-1", 2)));
        cases.add(new Refusal(422, "idempotency-key-reused", () -> api.reserve(sku + "-key", sku, "buyer-2", 1)));
        cases.add(new Refusal(422, "idempotency-key-reused", () -> api.reserve(sku + "-key", other, "buyer-1", 1)));
        assertRefusedWithoutChanges(cases, sku, other);
        assertEquals(9, api.stock(sku).json().getInt("available"));
        assertEquals(10, api.stock(other).json().getInt("available"));
    }

    @Test
    void theAdminApiWantsAMerchandisersCredentials() {
        Api api = new Api(base);
        String sku = Sales.uniqueSku("auth");
        String body = saleBody("Locked out", sku, 5);
        List<Refusal> cases = new ArrayList<>();
        cases.add(new Refusal(401, "unauthorized", () -> api.post("api/admin/sales", body)));
        cases.add(new Refusal(401, "unauthorized", () -> api.post("api/admin/sales", body, "Authorization",
                Api.basic(Api.ADMIN_USER, "wrong-password"))));
        cases.add(new Refusal(401, "unauthorized", () -> api.post("api/admin/sales", body, "Authorization",
                Api.basic("someone", Api.ADMIN_PASSWORD))));
        cases.add(new Refusal(401, "unauthorized", () -> api.post("api/admin/sales", body, "Authorization", "Basic not-base64!")));
        cases.add(new Refusal(401, "unauthorized", () -> api.get("api/admin/sales/" + UNKNOWN_ID)));
        for (Refusal refusal : cases) {
            Api.Answer answer = refusal.request().get();
            assertNotNull(answer.wwwAuthenticate(), "a 401 carries a challenge: " + answer);
            assertTrue(answer.wwwAuthenticate().startsWith("Basic realm="), answer.wwwAuthenticate());
        }
        assertRefusedWithoutChanges(cases, sku);
    }

    @Test
    void badSalesAreRefusedWithProblemsAndChangeNothing() {
        Api api = new Api(base);
        String taken = Sales.openSku(api, 5, 1, 600, "REFUSE");
        String sku = Sales.uniqueSku("bad");
        List<Refusal> cases = new ArrayList<>();
        cases.add(new Refusal(400, "invalid-request", () -> api.adminPost("api/admin/sales", saleBody(" ", sku, 5))));
        cases.add(new Refusal(400, "invalid-request", () -> api.adminPost("api/admin/sales", saleBody("n".repeat(201), sku, 5))));
        cases.add(new Refusal(400, "invalid-request", () -> api.adminPost("api/admin/sales", saleBody("No units", sku, 0))));
        cases.add(new Refusal(400, "invalid-request", () -> api.adminPost("api/admin/sales", saleBody("Bad sku", "bad sku", 5))));
        cases.add(new Refusal(400, "invalid-request", () -> api.adminPost("api/admin/sales",
                "{\"name\":\"No items " + sku + "\",\"items\":[]}")));
        cases.add(new Refusal(400, "invalid-request", () -> api.adminPost("api/admin/sales",
                "{\"name\":\"Bad policy\",\"latePayment\":\"MAYBE\",\"items\":[{\"sku\":\"" + sku + "\",\"units\":1}]}")));
        cases.add(new Refusal(400, "invalid-request", () -> api.adminPost("api/admin/sales",
                "{\"name\":\"Zero hold\",\"holdSeconds\":0,\"items\":[{\"sku\":\"" + sku + "\",\"units\":1}]}")));
        cases.add(new Refusal(400, "duplicate-sku", () -> api.adminPost("api/admin/sales", "{\"name\":\"Twice\",\"items\":["
                + "{\"sku\":\"" + sku + "\",\"units\":1},{\"sku\":\"" + sku + "\",\"units\":2}]}")));
        cases.add(new Refusal(400, "malformed-request", () -> api.adminPost("api/admin/sales", "{\"name\":")));
        cases.add(new Refusal(400, "invalid-request", () -> api.adminPost("api/admin/sales",
                "{\"name\":\"Huge\",\"items\":[{\"sku\":\"" + sku + "\",\"units\":99999999999}]}")));
        cases.add(new Refusal(400, "invalid-request", () -> api.adminPost("api/admin/sales",
                "{\"name\":\"Long number\",\"items\":[{\"sku\":\"" + sku + "\",\"units\":" + "9".repeat(1_200) + "}]}")));
        cases.add(new Refusal(409, "sku-taken", () -> api.adminPost("api/admin/sales", saleBody("Taken", taken, 5))));
        cases.add(new Refusal(404, "sale-not-found", () -> api.adminGet("api/admin/sales/" + UNKNOWN_ID)));
        cases.add(new Refusal(404, "sale-not-found", () -> api.adminPostEmpty("api/admin/sales/" + UNKNOWN_ID + "/open")));
        cases.add(new Refusal(400, "invalid-id", () -> api.adminGet("api/admin/sales/42")));
        // Every kind of path id is converted where the request comes in (IdParameters), with the same answer.
        cases.add(new Refusal(400, "invalid-id", () -> api.adminPostEmpty("api/admin/sales/not-a-sale/close")));
        cases.add(new Refusal(400, "invalid-id", () -> api.adminGet("api/admin/sales/42/room")));
        cases.add(new Refusal(400, "invalid-id", () -> api.adminGet("api/admin/reservations/42/history")));
        cases.add(new Refusal(400, "invalid-id", () -> api.adminPostEmpty("api/admin/reservations/zzzzzzzz-zzzz-zzzz-zzzz-zzzzzzzzzzzz/cancel")));
        assertRefusedWithoutChanges(cases, sku, taken);
    }

    @Test
    void aSaleMovesThroughItsLifecycleAndOnlyAnOpenSaleTakesReservations() {
        Api api = new Api(base);
        String first = Sales.uniqueSku("life");
        String second = Sales.uniqueSku("life");
        Api.Answer created = api.adminPost("api/admin/sales", "{\"name\":\"Midnight drop\",\"holdSeconds\":300,"
                + "\"maxPerOrder\":2,\"latePayment\":\"RECLAIM\",\"items\":[{\"sku\":\"" + first + "\",\"units\":50},"
                + "{\"sku\":\"" + second + "\",\"units\":7}]}");
        assertEquals(201, created.status(), created.toString());
        JsonObject sale = created.json();
        String id = sale.getString("id");
        assertTrue(created.location().endsWith("/api/admin/sales/" + id));
        assertEquals("DRAFT", sale.getString("status"));
        assertEquals(List.of(300, 2), List.of(sale.getInt("holdSeconds"), sale.getInt("maxPerOrder")));
        assertEquals("RECLAIM", sale.getString("latePayment"));
        assertEquals(2, sale.getJsonArray("items").size());

        assertProblem(409, "sale-not-open", api.reserve(first + "-draft", first, "b", 1));
        assertEquals("OPEN", api.adminPostEmpty("api/admin/sales/" + id + "/open").json().getString("status"));
        assertEquals("OPEN", api.adminPostEmpty("api/admin/sales/" + id + "/open").json().getString("status"),
                "opening an open sale is a no-op");
        assertEquals(201, api.reserve(first + "-1", first, "b", 2).status());
        assertEquals("PAUSED", api.adminPostEmpty("api/admin/sales/" + id + "/pause").json().getString("status"));
        assertProblem(409, "sale-not-open", api.reserve(first + "-paused", first, "b", 1));
        assertEquals(200, api.reserve(first + "-1", first, "b", 2).status(), "a replay still answers while paused");
        assertEquals("OPEN", api.adminPostEmpty("api/admin/sales/" + id + "/open").json().getString("status"));
        assertEquals("CLOSED", api.adminPostEmpty("api/admin/sales/" + id + "/close").json().getString("status"));
        assertProblem(409, "illegal-transition", api.adminPostEmpty("api/admin/sales/" + id + "/open"));
        assertProblem(409, "illegal-transition", api.adminPostEmpty("api/admin/sales/" + id + "/pause"));
        assertProblem(409, "sale-not-open", api.reserve(first + "-closed", first, "b", 1));

        JsonObject counts = api.adminGet("api/admin/sales/" + id).json().getJsonArray("items")
                .getValuesAs(JsonObject.class).stream().filter(item -> item.getString("sku").equals(first))
                .findFirst().orElseThrow();
        assertEquals(List.of(50, 48, 2, 0), List.of(counts.getInt("total"), counts.getInt("available"),
                counts.getInt("held"), counts.getInt("sold")));
    }

    @Test
    void theAdminSearchAnswersIdentifiersAsTextAndRefusesInvalidOnes() {
        Api api = new Api(base);
        String sku = Sales.openSku(api, 5, 1, 600, "REFUSE");
        assertEquals(201, api.reserve(sku + "-found", sku, "buyer-found", 1).status());

        Api.Answer found = api.adminGet("api/admin/reservations?sku=" + sku);
        assertEquals(200, found.status(), found.toString());
        JsonObject reservation = found.jsonArray().getJsonObject(0);
        assertEquals(sku, reservation.getString("sku"));
        assertEquals(sku + "-found", reservation.getString("idempotencyKey"));
        assertEquals("buyer-found", reservation.getString("buyerId"));
        // A status is named in any case, as on every admin route that filters by one (QueryParams).
        Api.Answer held = api.adminGet("api/admin/reservations?status=held&sku=" + sku);
        assertEquals(200, held.status(), held.toString());
        assertEquals(1, held.jsonArray().size(), held.toString());
        assertEquals(0, api.adminGet("api/admin/reservations?status=Confirmed&sku=" + sku).jsonArray().size());
        assertProblem(400, "invalid-status", api.adminGet("api/admin/reservations?status=HELDX"));
        assertProblem(400, "invalid-buyer-id", api.adminGet("api/admin/reservations?buyer=a%00b"));
        assertProblem(400, "invalid-sku", api.adminGet("api/admin/reservations?sku=a%0Ab"));
        assertProblem(400, "idempotency-key-invalid", api.adminGet("api/admin/reservations?key=a%20b%01"));
    }

    @Test
    void aRouteThatDeclaresNoAccessIsRefusedAsAPathThatDoesNotExist() {
        Api api = new Api(base);
        Api.Answer withKey = api.get("api/test/undeclared");
        assertEquals(404, withKey.status(), withKey.toString());
        assertEquals("not-found", withKey.problemType());
        assertFalse(withKey.body().contains(UndeclaredHookResource.REACHED), withKey.body());

        Api anonymous = api.withStorefrontKey(null);
        Api.Answer withoutKey = anonymous.get("api/test/undeclared");
        assertEquals(401, withoutKey.status(), "a route not declared public needs a key: " + withoutKey);
        assertTrue(withoutKey.wwwAuthenticate().startsWith("ApiKey realm="), withoutKey.wwwAuthenticate());
        Api.Answer unknown = anonymous.get("api/no-such-thing");
        assertEquals(401, unknown.status(), "a path no route answers is closed too: " + unknown);
        assertEquals("unauthorized", unknown.problemType());
        Api.Answer ping = anonymous.get("api/ping", "Accept", "application/json, text/plain");
        assertEquals(200, ping.status(), "ping, declared public, through its resource: " + ping);

        Api.Answer options = api.options("api/reservations", "Accept", "text/plain");
        assertTrue(options.status() < 300, "the framework's OPTIONS answer of a declared route stays: " + options);
        assertTrue(options.header("Allow").contains("POST"), options.header("Allow"));
        Api.Answer wadl = api.get("api/application.wadl");
        assertEquals(404, wadl.status(), "the framework's WADL document declares no access: " + wadl);
    }

    /**
     * Two batches of 6,000 SKUs nobody sells, asked for once each (a reserve and the stock): refused
     * without a read of any SKU's stock, and the heap after a
     * full collection grows by under 1 MiB over at least one of the two batches. Anything kept per
     * SKU, a map entry and its key, is 280 bytes or more: 1.7 MB in each batch, so a leak shows in
     * both. The server grows now and then by itself (a cache of its own filling, a timer's work in
     * flight at the collection: once 4.7 MB, once 17.8 MB over one batch), but not twice in a row
     * in step with the requests; between two collections the heap otherwise moves by under 0.5 MiB.
     */
    @Test
    void requestsForUnknownSkusLeaveNothingBehind() throws Exception {
        Api api = new Api(base);
        String prefix = Sales.uniqueSku("unknown");
        askForUnknownSkus(prefix + "-warm", 1_000);
        long before = heapAfterCollection(api);
        Metrics asked = Metrics.read(api);
        long startedAt = System.nanoTime();
        long refused = askForUnknownSkus(prefix + "-a", UNKNOWN_SKUS);
        long between = heapAfterCollection(api);
        refused += askForUnknownSkus(prefix + "-b", UNKNOWN_SKUS);
        long millis = (System.nanoTime() - startedAt) / 1_000_000;
        Metrics answered = Metrics.read(api);
        long after = heapAfterCollection(api);

        System.out.printf("heap after a full collection: %,d bytes, %,d after %,d unknown SKUs, %,d after as many more%n",
                before, between, UNKNOWN_SKUS, after);
        assertEquals(4L * UNKNOWN_SKUS, refused, "every unknown SKU's reserve and stock are refused with 404");
        assertEquals(0, answered.value(STOCK_READS_METRIC) - asked.value(STOCK_READS_METRIC),
                "no unknown SKU's stock was read from PostgreSQL");
        for (String answer : List.of("not_loaded", "bypassed")) {
            assertEquals(0, answered.since(asked, "flashsale_gate_admissions_total{answer=\"" + answer + "\"}"),
                    "the gate was not asked of an unknown SKU (" + answer + ")");
        }
        // value, not since: a sample missing from /metrics fails here instead of reading as 0.
        double reads = answered.value(SKU_READS) - asked.value(SKU_READS);
        assertTrue(reads <= millis / 100.0 + 2, "the sales' SKUs read at most every 100 ms while " + 2 * UNKNOWN_SKUS
                + " unknown SKUs were asked for in " + millis + " ms, not for each: " + reads + " reads");
        assertEquals(0, api.adminGet("api/admin/checkout-groups").json().getInt("lines"),
                "no line is left for a SKU once nobody waits on it");
        long least = Math.min(between - before, after - between);
        assertTrue(least < 1L << 20, "the heap grew over both batches: by " + (between - before) + " and " + (after - between) + " bytes");
    }

    /**
     * Sales written on this node while a crowd asks for SKUs nobody sells, which makes this node read
     * the sales' SKUs about every 100 ms: each sale's SKU is known at once, not after the next of those
     * reads (the write tells the node to read again at the next miss), and answered as its sale
     * stands (not open yet). Five drafts in turn, each asked for the moment its answer came: before,
     * a draft's SKU met a read made just before it was written and was told sku-not-found (a
     * shuffled run of the suite met it once). A cache of unknown SKUs, or SKUs never read again,
     * fail here too.
     */
    @Test
    void aSkuWrittenDuringAFloodOfUnknownOnesIsKnownAtOnce() throws Exception {
        String prefix = Sales.uniqueSku("flood");
        AtomicBoolean flooding = new AtomicBoolean(true);
        AtomicLong refused = new AtomicLong();
        ExecutorService crowd = Executors.newFixedThreadPool(4);
        List<Future<?>> floods = new ArrayList<>();
        for (int client = 0; client < 4; client++) {
            String mine = prefix + "-" + client;
            floods.add(crowd.submit(() -> {
                try (RawHttp http = new RawHttp(base)) {
                    for (int i = 0; flooding.get(); i++) {
                        if (http.post("api/reservations", Api.reserveBody(mine + "-" + i, "buyer", 1),
                                "Idempotency-Key", mine + "-" + i, Api.KEY_HEADER, Api.STOREFRONT_KEY) == 404) {
                            refused.incrementAndGet();
                        }
                    }
                }
                return null;
            }));
        }
        try {
            await().atMost(Duration.ofSeconds(30)).until(() -> refused.get() >= 200);
            Api api = new Api(base);
            for (int draft = 0; draft < 5; draft++) {
                String sku = Sales.uniqueSku("draft");
                String body = Json.createObjectBuilder().add("name", "Written in a flood " + sku).add("maxPerOrder", 1)
                        .add("items", Json.createArrayBuilder().add(Json.createObjectBuilder().add("sku", sku).add("units", 3)))
                        .build().toString();
                Api.Answer created = api.adminPost("api/admin/sales", body);
                assertEquals(201, created.status(), created.toString());
                assertProblem(409, "sale-not-open", api.reserve(sku + "-1", sku, "buyer-1", 1));
            }
        } finally {
            flooding.set(false);
            crowd.shutdown();
        }
        for (Future<?> flood : floods) {
            flood.get(30, TimeUnit.SECONDS);
        }
    }

    /** @return how many requests were refused with 404, a reserve and the stock of each SKU; sixteen clients on connections of their own */
    private long askForUnknownSkus(String prefix, int count) throws Exception {
        java.util.concurrent.atomic.AtomicInteger next = new java.util.concurrent.atomic.AtomicInteger();
        List<Long> refused = Crowd.run(16, 16, client -> {
            long notFound = 0;
            try (RawHttp http = new RawHttp(base)) {
                for (int i = next.getAndIncrement(); i < count; i = next.getAndIncrement()) {
                    String sku = prefix + "-" + i;
                    notFound += http.post("api/reservations", Api.reserveBody(sku, "buyer-" + sku, 1),
                            "Idempotency-Key", sku, Api.KEY_HEADER, Api.STOREFRONT_KEY) == 404 ? 1 : 0;
                    notFound += http.get("api/skus/" + sku + "/stock", Api.KEY_HEADER, Api.STOREFRONT_KEY) == 404 ? 1 : 0;
                }
            }
            return notFound;
        });
        return refused.stream().mapToLong(Long::longValue).sum();
    }

    private static long heapAfterCollection(Api api) {
        Api.Answer heap = api.postEmpty("api/test/heap/collect");
        assertEquals(200, heap.status(), heap.toString());
        return heap.json().getJsonNumber("usedBytes").longValue();
    }

    /**
     * A product page's crowd: 32 clients ask for one SKU's stock 3,000 times while its units are
     * reserved one at a time. Every answer holds at least the units reserved before its request
     * was sent (a count kept in memory for a while, on this node or another, fails here), and
     * PostgreSQL was read fewer times than asked: the requests that came while a read ran shared
     * the next (a read per request makes as many reads as requests).
     */
    @Test
    void aCrowdAskingForOneSkusStockSharesItsReadsAndIsNeverAnsweredWithOlderCounts() throws Exception {
        Api api = new Api(base);
        String sku = Sales.openSku(api, STOCK_UNITS, 1, 600, "REFUSE");
        AtomicInteger reserved = new AtomicInteger();
        ExecutorService reserver = Executors.newSingleThreadExecutor();
        Metrics before = Metrics.read(api);
        try {
            Future<?> reserves = reserver.submit(() -> {
                for (int i = 0; i < STOCK_UNITS; i++) {
                    Api.Answer held = api.reserve(sku + "-" + i, sku, "stock-buyer-" + i, 1);
                    assertEquals(201, held.status(), held.toString());
                    reserved.incrementAndGet();
                }
                return null;
            });
            List<String> older = Crowd.run(32, STOCK_READS, attempt -> {
                int known = reserved.get();
                Api.Answer level = api.stock(sku);
                if (level.status() != 200) {
                    return "answered " + level;
                }
                int held = level.json().getInt("held");
                return held < known ? "held " + held + " after " + known + " reserves were answered" : "";
            }).stream().filter(wrong -> !wrong.isEmpty()).toList();
            reserves.get(60, TimeUnit.SECONDS);
            assertEquals(List.of(), older, "every stock answer as new as its request");
        } finally {
            reserver.shutdownNow();
        }
        double reads = Metrics.read(api).value(STOCK_READS_METRIC) - before.value(STOCK_READS_METRIC);
        LOG.info(() -> STOCK_READS + " stock requests of one SKU by 32 clients, " + STOCK_UNITS + " reserves beside them: " + reads + " reads");
        assertTrue(reads >= 1 && reads < STOCK_READS, STOCK_READS + " stock requests of one SKU read it " + reads + " times");
        assertEquals(STOCK_UNITS, api.stock(sku).json().getInt("held"), "every unit reserved, and the last read shows it");
    }

    /** A request that must be refused with {@code status} and a problem of {@code type}. */
    private record Refusal(int status, String type, Supplier<Api.Answer> request) {
    }

    /** Each request is refused with its problem and changes nothing of what the database keeps about the SKUs. */
    private static void assertRefusedWithoutChanges(List<Refusal> cases, String... skus) {
        for (Refusal refusal : cases) {
            String before = Db.fingerprint(skus);
            Api.Answer answer = refusal.request().get();
            assertProblem(refusal.status(), refusal.type(), answer);
            assertEquals(before, Db.fingerprint(skus), "nothing changed after a refused request: " + answer);
        }
    }

    private static void assertProblem(int status, String type, Api.Answer answer) {
        assertEquals(status, answer.status(), answer.toString());
        assertTrue(answer.isProblem(), "problem+json: " + answer);
        assertEquals(type, answer.problemType(), answer.toString());
        assertEquals(status, answer.json().getInt("status"));
        assertTrue(answer.json().getString("detail").length() > 5, answer.toString());
        assertTrue(!answer.body().contains("Exception") && !answer.body().contains("\tat "), "no stack trace: " + answer);
    }

    private static String saleBody(String name, String sku, int units) {
        return Json.createObjectBuilder().add("name", name)
                .add("items", Json.createArrayBuilder().add(Json.createObjectBuilder().add("sku", sku).add("units", units)))
                .build().toString();
    }
}
