package dev.flashsale.api;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.flashsale.testsupport.Api;
import dev.flashsale.testsupport.RawHttp;
import dev.flashsale.testsupport.RoomSales;
import dev.flashsale.testsupport.Sales;
import dev.flashsale.testsupport.TestServer;
import java.time.Duration;
import java.time.Instant;
import java.util.Arrays;
import java.util.List;
import java.util.UUID;
import java.util.function.BiFunction;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * The storefront's one pipeline answers a request the same whatever its shape: each request is
 * sent as a storefront sends it and again with an Accept header of two media types, and both
 * answers must agree in status, media type, headers and body, ids and times aside. The
 * storefront's API keys are checked by the pipeline, past the container's authentication, which
 * leaves every other credential to Jakarta Security.
 */
@Tag("core")
class StorefrontPipelineIT {

    /** Two media types, one of them the answer's. */
    private static final String[] NEGOTIATED = {"Accept", "application/json, */*"};
    private static final List<String> HEADERS = List.of("Content-Type", "Retry-After", "Cache-Control", "Content-Security-Policy",
            "X-Content-Type-Options", "X-Frame-Options", "Referrer-Policy", "Server");

    private static final String API_POLICY = "default-src 'none'; frame-ancestors 'none'";

    private final Api api = new Api(TestServer.url());

    @Test
    void everyReserveAnswerIsTheSameWhateverTheRequestsShape() {
        String sku = Sales.openSku(api, 1_000, 2, 600, "REFUSE");
        String soldOut = Sales.openSku(api, 1, 2, 600, "REFUSE");
        assertEquals(201, api.reserve(soldOut + "-first", soldOut, "buyer-first", 1).status());
        String run = sku.toLowerCase();

        // Each case: (the variant's own suffix, its extra headers) -> the answer.
        List<BiFunction<String, String[], Api.Answer>> cases = List.of(
                (v, h) -> post(headers(h, "Idempotency-Key", run + "-new-" + v), Api.reserveBody(sku, "buyer-new-" + v, 1)),
                (v, h) -> post(headers(h, "Idempotency-Key", run + "-sold-out-" + v), Api.reserveBody(soldOut, "b-" + v, 1)),
                (v, h) -> post(headers(h), Api.reserveBody(sku, "buyer-no-key", 1)),
                (v, h) -> post(headers(h, "Idempotency-Key", run + "-broken-" + v), "{\"sku\": "),
                (v, h) -> post(headers(h, "Idempotency-Key", run + "-invalid-" + v), "{\"sku\":\"no spaces\",\"qty\":0}"),
                (v, h) -> post(headers(h, "Idempotency-Key", run + "-above-" + v), Api.reserveBody(sku, "b", 3)),
                (v, h) -> post(headers(h, "Idempotency-Key", run + "-unknown-" + v), Api.reserveBody("NO-SUCH-SKU", "b", 1)),
                (v, h) -> post(headers(h, "Idempotency-Key", soldOut + "-first"), Api.reserveBody(soldOut, "someone-else", 1)));
        for (BiFunction<String, String[], Api.Answer> request : cases) {
            Api.Answer plain = request.apply("plain", new String[0]);
            Api.Answer negotiated = request.apply("negotiated", NEGOTIATED);
            assertAlike(plain, negotiated);
        }

        // A replay of a reservation: 200 with the same reservation, whatever the shape.
        Api.Answer first = post(headers(new String[0], "Idempotency-Key", run + "-replayed"), Api.reserveBody(sku, "buyer-r", 1));
        assertEquals(201, first.status(), first.toString());
        assertTrue(first.location().endsWith("/api/reservations/" + first.json().getString("id")), first.location());
        Api.Answer replayNegotiated = post(headers(NEGOTIATED, "Idempotency-Key", run + "-replayed"), Api.reserveBody(sku, "buyer-r", 1));
        Api.Answer replayPlain = post(headers(new String[0], "Idempotency-Key", run + "-replayed"), Api.reserveBody(sku, "buyer-r", 1));
        assertEquals(200, replayNegotiated.status(), replayNegotiated.toString());
        assertEquals(first.body(), replayNegotiated.body());
        assertEquals(first.body(), replayPlain.body());
        assertAlike(replayPlain, replayNegotiated);
        // Two new reservations (one per shape) and the replayed one: nothing else was taken.
        assertEquals(1_000 - 3, api.stock(sku).json().getInt("available"));
        assertEquals(0, api.stock(soldOut).json().getInt("available"));
    }

    @Test
    void theStorefrontsKeysAreCheckedByThePipelineAndEveryOtherCredentialByJakartaSecurity() {
        assertEquals("dev.flashsale.access.control.StorefrontAuthConfigProvider",
                api.get("api/test/auth").json().getString("provider"), "the container asks the storefront's provider");
        Api.Answer noKey = api.withStorefrontKey(null).reserve("fast-auth-no-key", "ANY-SKU", "buyer", 1);
        assertEquals(401, noKey.status(), noKey.toString());
        assertTrue(noKey.wwwAuthenticate().startsWith("ApiKey realm="), noKey.wwwAuthenticate());
        assertEquals("unauthorized", noKey.problemType());
        Api.Answer wrongKey = api.withStorefrontKey("not-a-key").stock("ANY-SKU");
        assertEquals(401, wrongKey.status(), wrongKey.toString());
        Api.Answer admin = api.get("api/admin/sales");
        assertEquals(401, admin.status(), "the admin API is Jakarta Security's: a storefront key is no credential there");
        assertTrue(admin.wwwAuthenticate().startsWith("Basic realm="), admin.wwwAuthenticate());
        // API answers are data, never a page: a policy that allows nothing, whoever wrote them.
        for (Api.Answer answer : List.of(noKey, admin, api.withStorefrontKey(null).get("api/ping"), api.adminGet("api/admin/sales"))) {
            assertEquals(API_POLICY, answer.header("Content-Security-Policy"), answer.toString());
            assertEquals("no-store", answer.header("Cache-Control"), answer.toString());
            assertEquals("nosniff", answer.header("X-Content-Type-Options"), answer.toString());
        }
        assertEquals(200, api.adminGet("api/admin/sales").status());
        assertEquals(200, api.withStorefrontKey(null).get("api/ping").status(), "ping needs no key");
        // A path parameter would pass the checks of "/api" and reach the resource the rest names.
        String sku = Sales.openSku(api, 5, 1, 600, "REFUSE");
        Api.Answer smuggled = api.withStorefrontKey(null).post("api;reservations", Api.reserveBody(sku, "smuggler", 1),
                "Idempotency-Key", "fast-auth-smuggled");
        assertEquals(400, smuggled.status(), smuggled.toString());
        assertEquals("malformed-request", smuggled.problemType());
        assertEquals(400, api.withStorefrontKey(null).get("api;admin/gate").status());
        assertEquals(400, api.post("api/reservations;x=1", Api.reserveBody(sku, "smuggler", 1), "Idempotency-Key", "fast-auth-param").status());
        assertEquals(5, api.stock(sku).json().getInt("available"), "nothing taken");
    }

    /**
     * The storefront's own door sees paths no container normalised: one the servlet container
     * would have cleaned up or refused is refused with 400, and nothing is taken; a path that
     * climbs out of a storefront root is not the door's to answer.
     */
    @Test
    void theDoorRefusesAPathThatNoContainerNormalised() {
        String sku = Sales.openSku(api, 5, 1, 600, "REFUSE");
        try (RawHttp http = new RawHttp(TestServer.url())) {
            for (String odd : List.of("api/ping/", "api/reservations/", "api/reservations//x", "api/reservations/./x",
                    "api/skus/" + sku + "%2Fstock", "api/skus/" + sku + "/stock/")) {
                assertEquals(400, http.get(odd, "X-Api-Key", Api.STOREFRONT_KEY), odd);
            }
            assertEquals(400, http.post("api/reservations/", Api.reserveBody(sku, "odd", 1), "X-Api-Key", Api.STOREFRONT_KEY,
                    "Idempotency-Key", "odd-path"));
            assertEquals(401, http.get("api/sales/../admin/sales", "X-Api-Key", Api.STOREFRONT_KEY),
                    "out of the storefront's root: the admin API's, which a key does not open");
        }
        assertEquals(5, api.stock(sku).json().getInt("available"), "nothing taken");
    }

    @Test
    void everyTicketAndPollAnswerIsTheSameWhateverTheRequestsShape() {
        String sku = Sales.uniqueSku("fast-room");
        UUID sale = RoomSales.open(api, sku, 5, 1, 600, Instant.now().minusSeconds(1), new RoomSales.Room(1, 5, 60, 600));
        String queue = "api/sales/" + sale + "/queue";
        // Paused: every ticket waits, so that two tickets differ only in their ids and places.
        assertEquals(200, api.adminPostEmpty("api/admin/sales/" + sale + "/room/pause").status());
        String noRoom = "api/sales/" + UUID.randomUUID() + "/queue";
        List<BiFunction<String, String[], Api.Answer>> cases = List.of(
                (v, h) -> api.post(queue, "{\"buyerId\":\"buyer-" + v + "\"}", h),
                (v, h) -> api.post(queue, "{\"buyerId\":\"\"}", h),
                (v, h) -> api.post(queue, "{\"buyerId\":", h),
                (v, h) -> api.post("api/sales/not-a-sale/queue", "{\"buyerId\":\"b\"}", h),
                (v, h) -> api.post(noRoom, "{\"buyerId\":\"b\"}", h),
                (v, h) -> api.get(queue + "/t_AAAAAAAAAAAAAAAAAAAAAA", h),
                (v, h) -> api.get(queue + "/nonsense", h),
                (v, h) -> api.get("api/sales/not-a-sale/queue/t_AAAAAAAAAAAAAAAAAAAAAA", h));
        for (BiFunction<String, String[], Api.Answer> request : cases) {
            assertAlike(request.apply("plain", new String[0]), request.apply("negotiated", NEGOTIATED));
        }

        Api.Answer first = api.post(queue, "{\"buyerId\":\"buyer-again\"}");
        assertEquals(201, first.status(), first.toString());
        String ticket = first.json().getString("ticket");
        assertTrue(first.location().endsWith("/" + queue + "/" + ticket), first.location());
        Api.Answer againNegotiated = api.post(queue, "{\"buyerId\":\"buyer-again\"}", NEGOTIATED);
        Api.Answer againPlain = api.post(queue, "{\"buyerId\":\"buyer-again\"}");
        assertEquals(200, againNegotiated.status(), againNegotiated.toString());
        assertEquals(ticket, againPlain.json().getString("ticket"));
        assertAlike(againPlain, againNegotiated);
        Api.Answer pollPlain = api.get(queue + "/" + ticket);
        Api.Answer pollNegotiated = api.get(queue + "/" + ticket, NEGOTIATED);
        assertEquals(200, pollPlain.status(), pollPlain.toString());
        assertEquals("PAUSED", pollPlain.json().getString("reason"));
        assertEquals(pollNegotiated.body(), pollPlain.body(), "a waiting ticket's answer, byte for byte");
        assertAlike(pollPlain, pollNegotiated);
        // Three buyers took a ticket each (plain, negotiated, again): nobody took two, and the bad requests none.
        assertEquals(3, api.get(queue).json().getJsonNumber("waiting").longValue(), "tickets in the room");

        // Admitted: the answer carries the token and its expiry, the same from both.
        assertEquals(200, api.adminPostEmpty("api/admin/sales/" + sale + "/room/resume").status());
        Api.Answer admittedPlain = pollUntilAdmitted(queue + "/" + ticket);
        Api.Answer admittedNegotiated = api.get(queue + "/" + ticket, NEGOTIATED);
        assertEquals(admittedNegotiated.body(), admittedPlain.body(), "an admitted ticket's answer, byte for byte");
        assertAlike(admittedPlain, admittedNegotiated);
    }

    /** The room admits once a second; thirty seconds leave a machine five times slower room to spare. */
    private Api.Answer pollUntilAdmitted(String path) {
        Api.Answer admitted = await("ticket admitted").atMost(Duration.ofSeconds(30)).pollInterval(Duration.ofMillis(200))
                .until(() -> api.get(path), answer -> answer.status() != 200 || answer.json().getString("status").equals("ADMITTED"));
        assertEquals(200, admitted.status(), admitted.toString());
        assertTrue(admitted.json().containsKey("tokenExpiresAt"), admitted.toString());
        return admitted;
    }

    @Test
    void pingAnswersPlainTextAndNothingElse() {
        Api.Answer plain = api.get("api/ping");
        Api.Answer negotiated = api.get("api/ping", "Accept", "text/plain, */*");
        assertEquals(200, plain.status());
        assertEquals("pong", plain.body());
        assertAlike(plain, negotiated);
        assertEquals(406, api.get("api/ping", "Accept", "application/json").status(), "ping answers only text/plain");
    }

    private static String[] headers(String[] extra, String... more) {
        String[] all = Arrays.copyOf(extra, extra.length + more.length);
        System.arraycopy(more, 0, all, extra.length, more.length);
        return all;
    }

    private Api.Answer post(String[] headers, String body) {
        return api.post("api/reservations", body, headers);
    }

    private static void assertAlike(Api.Answer plain, Api.Answer negotiated) {
        String context = "plain: " + plain + "\nnegotiated:  " + negotiated;
        assertEquals(negotiated.status(), plain.status(), context);
        for (String header : HEADERS) {
            assertEquals(negotiated.header(header), plain.header(header), header + "\n" + context);
        }
        assertEquals(negotiated.location() == null, plain.location() == null, "Location\n" + context);
        assertEquals(comparable(negotiated.body()), comparable(plain.body()), context);
    }

    /** The body without what differs between two reservations or tickets: ids, times, places, the buyers and keys named after the variant. */
    private static String comparable(String body) {
        return body.replaceAll("\"id\":\"[0-9a-f-]{36}\"", "\"id\":\"ID\"")
                .replaceAll("\"ticket\":\"t_[A-Za-z0-9_-]{44}\"", "\"ticket\":\"T\"")
                .replaceAll("\"(position|queueLength|estimatedWaitSeconds)\":\\d+", "\"$1\":N")
                .replaceAll("\"expiresAt\":\"[^\"]+\"", "\"expiresAt\":\"T\"")
                .replaceAll("(plain|negotiated)", "VARIANT");
    }
}
