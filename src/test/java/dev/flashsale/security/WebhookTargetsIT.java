package dev.flashsale.security;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.flashsale.testsupport.Api;
import dev.flashsale.testsupport.Db;
import dev.flashsale.testsupport.Sales;
import dev.flashsale.testsupport.SecondNode;
import dev.flashsale.testsupport.TestServer;
import dev.flashsale.testsupport.WebhookReceiver;
import dev.flashsale.testsupport.Webhooks;
import jakarta.json.Json;
import jakarta.json.JsonObject;
import java.io.IOException;
import java.net.ServerSocket;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.parallel.Isolated;

/**
 * Webhooks cannot reach inside. With the product's default (no allow-list), set on the suite's
 * server by a test hook for the test's length (the suite's group order runs this class while that
 * server is the only one sending deliveries): the URLs an attacker tried
 * (loopback, cloud metadata, IPv6 loopback, private, unspecified) are refused at registration,
 * 400 {@code webhook-target-internal}, and nothing is stored; a host name that resolves to
 * loopback is taken (names are judged when sending) but its deliveries are refused at every
 * attempt, "refused: internal address", and no request reaches the receiver listening there. On
 * the tests' shared server, whose allow-list holds exactly the receiver's address: that address
 * is delivered to, the rest of loopback is still refused; a redirect is not followed; a closed
 * port reads as a stable text, not the socket's; an upper-case scheme is taken, in lower case.
 * Nor do webhooks grow past the server's bound.
 */
@Tag("security")
@Isolated("swaps the server's webhook allow-list; stands the second node down; counts every webhook")
class WebhookTargetsIT {

    private static final Duration PATIENCE = Duration.ofSeconds(30);
    private static final String ALLOW_LIST_HOOK = "api/test/webhooks/allowed-targets";

    private static WebhookReceiver receiver;
    private final Api shared = new Api(TestServer.url());

    @BeforeAll
    static void start() {
        // The default allow-list is this server's alone: a second node (the suite's, up in a shuffled
        // order) would send the deliveries with its own and reach the receiver.
        SecondNode.standDown();
        receiver = new WebhookReceiver();
    }

    @AfterAll
    static void stop() {
        receiver.close();
        allow(new Api(TestServer.url()), TestServer.WEBHOOK_RECEIVER_ADDRESS);
    }

    /**
     * The product's default allow-list (none) on the suite's server for the test's length, then
     * the suite's (the tests' receiver on loopback) again.
     */
    private void withTheDefaultAllowList(Runnable test) {
        allow(shared, "");
        try {
            test.run();
        } finally {
            allow(shared, TestServer.WEBHOOK_RECEIVER_ADDRESS);
        }
    }

    private static void allow(Api api, String targets) {
        Api.Answer set = api.put(ALLOW_LIST_HOOK, Json.createObjectBuilder().add("allowed", targets).build().toString());
        assertEquals(204, set.status(), set.toString());
    }

    @Test
    void byDefaultInternalAddressesAreRefusedAtRegistration() {
        withTheDefaultAllowList(() -> refusesInternalAddressesAtRegistration(shared));
    }

    private static void refusesInternalAddressesAtRegistration(Api api) {
        List<String> refusedUrls = List.of("http://127.0.0.1:5432/", "http://169.254.169.254/latest/meta-data/", "http://[::1]:6379/",
                "http://10.0.0.1/", "http://0.0.0.0:22/", "http://[::ffff:127.0.0.1]/", "http://100.64.0.1/",
                "http://[fd00::1]/", "http://2130706433/", "HTTP://192.168.0.1/");
        for (String url : refusedUrls) {
            Api.Answer refused = api.adminPost("api/admin/webhooks", Webhooks.body(url, null, "reservation.cancelled"));
            assertEquals(400, refused.status(), url + ": " + refused);
            assertTrue(refused.isProblem(), refused.toString());
            assertEquals("webhook-target-internal", refused.problemType(), refused.toString());
        }
        List<String> stored = api.adminGet("api/admin/webhooks").jsonArray().getValuesAs(JsonObject.class).stream()
                .map(hook -> hook.getString("url").toLowerCase(java.util.Locale.ROOT)).toList();
        refusedUrls.forEach(url -> assertFalse(stored.contains(url.toLowerCase(java.util.Locale.ROOT)), url + " was stored"));
    }

    @Test
    void byDefaultANameThatResolvesToLoopbackIsTakenButNeverReached() {
        withTheDefaultAllowList(() -> takesANameThatResolvesToLoopbackButNeverReachesIt(shared));
    }

    private static void takesANameThatResolvesToLoopbackButNeverReachesIt(Api api) {
        String path = "by-name";
        String url = receiver.url(path).replace("127.0.0.1", "localhost");
        Webhooks.Registered hook = Webhooks.register(api, url, "reservation.cancelled");
        try {
            cancelledReservation(api);
            JsonObject delivery = awaitDelivery(api, hook.id(), "PENDING",
                    attempt -> attempt.getInt("attempts") >= 2 && has(attempt, "lastError"));
            assertEquals("refused: internal address", delivery.getString("lastError"), delivery.toString());
            assertTrue(!has(delivery, "lastStatus"), "no HTTP status: " + delivery);
            assertEquals(List.of(), receiver.at(path), "no request reached the receiver on loopback");
        } finally {
            Webhooks.delete(api, hook.id());
        }
    }

    @Test
    void theAllowListLetsItsAddressThroughAndNoOtherInternalOne() {
        String path = "allowed";
        Webhooks.Registered hook = Webhooks.register(shared, receiver.url(path), "reservation.cancelled");
        try {
            cancelledReservation(shared);
            awaitDelivery(shared, hook.id(), "DELIVERED", delivery -> true);
            assertTrue(receiver.at(path).size() >= 1, receiver.summary(path));
        } finally {
            Webhooks.delete(shared, hook.id());
        }
        Api.Answer otherLoopback = shared.adminPost("api/admin/webhooks",
                Webhooks.body(receiver.url(path).replace("127.0.0.1", "127.0.0.2"), null, "reservation.cancelled"));
        assertEquals(400, otherLoopback.status(), otherLoopback.toString());
        assertEquals("webhook-target-internal", otherLoopback.problemType());
    }

    @Test
    void aRedirectIsAnAnswerNeverFollowed() {
        String path = "redirecting";
        receiver.redirect(path, receiver.url("redirected-to"));
        Webhooks.Registered hook = Webhooks.register(shared, receiver.url(path), "reservation.cancelled");
        try {
            cancelledReservation(shared);
            JsonObject delivery = awaitDelivery(shared, hook.id(), "PENDING", attempt -> has(attempt, "lastError"));
            assertEquals("HTTP 302", delivery.getString("lastError"), delivery.toString());
            assertTrue(receiver.at(path).size() >= 1, receiver.summary(path));
            assertEquals(List.of(), receiver.at("redirected-to"), "the redirect's target got nothing");
        } finally {
            Webhooks.delete(shared, hook.id());
        }
    }

    @Test
    void aClosedPortReadsAsAStableTextNotTheSocketsError() throws IOException {
        int closed;
        try (ServerSocket socket = new ServerSocket(0)) {
            closed = socket.getLocalPort();
        }
        Webhooks.Registered hook = Webhooks.register(shared, "http://127.0.0.1:" + closed + "/closed", "reservation.cancelled");
        try {
            cancelledReservation(shared);
            JsonObject delivery = awaitDelivery(shared, hook.id(), "PENDING", attempt -> has(attempt, "lastError"));
            assertEquals("could not connect", delivery.getString("lastError"), delivery.toString());
        } finally {
            Webhooks.delete(shared, hook.id());
        }
    }

    @Test
    void anUpperCaseSchemeIsTakenInLowerCase() {
        Api.Answer created = shared.adminPost("api/admin/webhooks",
                Webhooks.body("HTTPS://shop.example/hooks/Upper?x=1", null, "reservation.cancelled"));
        assertEquals(201, created.status(), created.toString());
        JsonObject webhook = created.json().getJsonObject("webhook");
        try {
            assertEquals("https://shop.example/hooks/Upper?x=1", webhook.getString("url"));
        } finally {
            Webhooks.delete(shared, webhook.getString("id"));
        }
    }

    /**
     * Nor can webhooks grow without bound: the server keeps at most {@code flashsale.webhooks.max}
     * (20), then refuses 409 {@code too-many-webhooks} and stores nothing. The bound counts every
     * webhook, of whichever test, so it is asked here, where nothing runs beside.
     */
    @Test
    void theServerKeepsAtMostItsBoundOfWebhooks() {
        List<String> created = new ArrayList<>();
        try {
            Api.Answer next;
            while ((next = shared.adminPost("api/admin/webhooks", Webhooks.body(receiver.url("bound"), null, "hold.expired"))).status() == 201) {
                created.add(next.json().getJsonObject("webhook").getString("id"));
                assertTrue(created.size() <= 20, "more webhooks than the bound");
            }
            assertEquals(409, next.status(), next.toString());
            assertEquals("too-many-webhooks", next.problemType());
            assertEquals(20, Db.scalar("SELECT count(*) FROM webhook"));
        } finally {
            created.forEach(id -> Webhooks.delete(shared, id));
        }
    }

    private static void cancelledReservation(Api api) {
        String sku = Sales.openSku(api, 5, 1, 600, "REFUSE");
        Api.Answer held = api.reserve(sku + "-order", sku, "buyer-" + sku, 1);
        assertEquals(201, held.status(), held.toString());
        assertEquals(200, api.cancel(held.json().getString("id")).status());
    }

    private static JsonObject awaitDelivery(Api api, String webhook, String status,
                                            java.util.function.Predicate<JsonObject> until) {
        return await(status + " delivery of webhook " + webhook).atMost(PATIENCE).pollInterval(Duration.ofMillis(100))
                .until(() -> deliveryOf(api, webhook, status), found -> found.isPresent() && until.test(found.get()))
                .orElseThrow();
    }

    private static Optional<JsonObject> deliveryOf(Api api, String webhook, String status) {
        Api.Answer listed = api.adminGet("api/admin/webhooks/deliveries?status=" + status + "&limit=200");
        assertEquals(200, listed.status(), listed.toString());
        return listed.jsonArray().getValuesAs(JsonObject.class).stream()
                .filter(delivery -> delivery.getString("webhookId").equals(webhook)).findFirst();
    }

    /** Whether {@code object} has {@code key} with a value (an answer leaves nulls out). */
    private static boolean has(JsonObject object, String key) {
        return object.containsKey(key) && !object.isNull(key);
    }
}
