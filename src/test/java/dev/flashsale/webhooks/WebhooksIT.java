package dev.flashsale.webhooks;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.flashsale.testsupport.Api;
import dev.flashsale.testsupport.Db;
import dev.flashsale.testsupport.Metrics;
import dev.flashsale.testsupport.RoomSales;
import dev.flashsale.testsupport.Sales;
import dev.flashsale.testsupport.SecondNode;
import dev.flashsale.testsupport.TestServer;
import dev.flashsale.testsupport.WebhookReceiver;
import dev.flashsale.testsupport.Webhooks;
import jakarta.json.Json;
import jakarta.json.JsonObject;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Predicate;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;
import org.junit.jupiter.api.parallel.ResourceLock;

/**
 * Webhooks through the deployed application, to a real receiver inside this JVM
 * ({@link WebhookReceiver}, on 127.0.0.1): every event kind arrives signed as the Standard
 * Webhooks specification says (checked with the receiver's own code); a receiver that refuses for
 * a while gets every event in full once it accepts, under the same id on every attempt; a
 * delivery tried past its give-up time is failed, and "send again" delivers it; a delivery whose
 * sender died mid-delivery is sent by the timer once its lease ran out; bad input changes
 * nothing. The tests' server retries after 200 ms, doubling up to a second
 * ({@code TestServer}); a refusal of ten minutes is shown by moving the round's start back.
 * Each test registers its own webhook and deletes it, and looks only at its own events and their
 * deliveries, so the tests run side by side, but the two with slow receivers, which share the
 * node's senders ({@link #SENDERS}), one after the other. (The server's bound on webhooks, which counts every one, is
 * {@code WebhookTargetsIT}'s; a deletion while other requests write events is
 * {@code WebhookDeletionIT}'s.)
 */
@Tag("core")
@Execution(ExecutionMode.CONCURRENT)
class WebhooksIT {

    /** The node's senders, which a test with slow receivers holds for seconds and judges by how many are held. */
    private static final String SENDERS = "webhook-senders";

    private static final Duration PATIENCE = Duration.ofSeconds(30);
    /** How long the slow receiver holds each request: under the tests' server's request timeout (5 s). */
    private static final Duration STALL = Duration.ofSeconds(4);
    /**
     * The deliveries of one webhook ({@code ?::uuid}) of the events of some reservations
     * ({@code ?::text[]}, as {@link #ids}): the test's own, whatever other classes' events the
     * webhook heard meanwhile.
     */
    private static final String DELIVERIES = "webhook_delivery d JOIN outbox o ON o.id = d.outbox_id WHERE d.webhook_id = ?::uuid"
            + " AND o.body::jsonb -> 'data' ->> 'reservationId' = ANY (?::text[])";
    private static final String[] ALL_EVENTS = {"ticket.admitted", "unit.reoffered", "hold.expiring", "hold.expired",
            "reservation.confirmed", "reservation.cancelled", "sale.sold_out"};

    @RegisterExtension
    static final WebhookReceiver RECEIVER = new WebhookReceiver();
    private final Api api = new Api(TestServer.url());

    @Test
    void everyEventKindArrivesSignedWithItsData() {
        String path = "every-kind";
        JsonObject hook = register(path, ALL_EVENTS);
        String secret = hook.getString("secret");
        try {
            String lastUnit = Sales.uniqueSku("hook-last");
            String sale = Sales.openSale(api, lastUnit, 1, 1, 600, "REFUSE").getString("id");
            String confirmed = reserve(lastUnit, "buyer-c");
            assertEquals(200, api.confirm(confirmed).status());

            String sku = Sales.openSku(api, 5, 1, 600, "REFUSE");
            String cancelled = reserve(sku, "buyer-x");
            assertEquals(200, api.cancel(cancelled).status());
            String expiring = reserve(sku, "buyer-soon");
            Db.setExpiry(expiring, 30);
            String expired = reserve(sku, "buyer-late");
            Db.setExpiry(expired, -1);

            String roomSku = Sales.uniqueSku("hook-room");
            UUID roomSale = RoomSales.open(api, roomSku, 1, 1, 600, Instant.now().minusSeconds(1), new RoomSales.Room(20, 100, 60, 30));
            awaitRoomKnown(roomSku);
            String first = RoomSales.take(api, roomSale, "buyer-first").json().getString("ticket");
            String token = RoomSales.awaitStatus(api, roomSale, first, "ADMITTED").getString("token");
            Api.Answer held = api.post("api/reservations", Api.reserveBody(roomSku, "buyer-first", 1),
                    "Idempotency-Key", "hook-" + roomSale, "X-Admission-Token", token);
            assertEquals(201, held.status(), held.toString());
            String next = RoomSales.take(api, roomSale, "buyer-next").json().getString("ticket");
            assertEquals(200, api.cancel(held.json().getString("id")).status());
            RoomSales.awaitStatus(api, roomSale, next, "ADMITTED");

            Map<String, Predicate<JsonObject>> expected = new LinkedHashMap<>();
            expected.put("reservation.confirmed", data -> data.getString("reservationId").equals(confirmed)
                    && data.getString("status").equals("CONFIRMED") && data.getString("sku").equals(lastUnit));
            expected.put("sale.sold_out", data -> data.getString("saleId").equals(sale));
            expected.put("reservation.cancelled", data -> data.getString("reservationId").equals(cancelled)
                    && data.getString("status").equals("CANCELLED") && data.getString("buyerId").equals("buyer-x"));
            expected.put("hold.expiring", data -> data.getString("reservationId").equals(expiring)
                    && data.getString("status").equals("HELD"));
            expected.put("hold.expired", data -> data.getString("reservationId").equals(expired)
                    && data.getString("status").equals("EXPIRED") && data.getInt("qty") == 1);
            expected.put("ticket.admitted", data -> data.getString("saleId").equals(roomSale.toString())
                    && data.getString("ticketCommitment").equals(RoomSales.commitment(first))
                    && data.getString("buyerId").equals("buyer-first"));
            expected.put("unit.reoffered", data -> data.getString("saleId").equals(roomSale.toString())
                    && data.getString("ticketCommitment").equals(RoomSales.commitment(next)));
            await("every event kind at the receiver").atMost(PATIENCE).pollInterval(Duration.ofMillis(100)).untilAsserted(() ->
                    assertEquals(List.of(), expected.entrySet().stream().filter(kind -> RECEIVER.at(path).stream()
                            .noneMatch(got -> got.type().equals(kind.getKey()) && kind.getValue().test(got.data())))
                            .map(Map.Entry::getKey).toList(), "kinds not received yet; received " + RECEIVER.summary(path)));
            assertTrue(RECEIVER.at(path).stream().anyMatch(got -> got.type().equals("ticket.admitted")
                    && got.data().getString("ticketCommitment").equals(RoomSales.commitment(next))), "the second ticket's admission too");

            for (WebhookReceiver.Received got : RECEIVER.at(path)) {
                assertTrue(got.signedBy(secret), "a valid signature on " + got);
                assertTrue(got.id().matches("msg_[0-9a-f-]{36}"), got.id());
                assertTrue(Math.abs(Long.parseLong(got.timestamp()) - Instant.now().getEpochSecond()) < 300, got.timestamp());
                assertFalse(got.body().contains(first) || got.body().contains(next), "a ticket is a secret, never sent");
                assertFalse(got.signedBy("whsec_" + Base64.getEncoder().encodeToString(new byte[32])), "another secret does not verify");
            }
        } finally {
            delete(hook.getString("id"));
        }
    }

    /**
     * A receiver that takes seconds to answer holds only the senders of its own deliveries: while
     * it holds one of this test's events, the next event reaches a prompt receiver at once. Before,
     * a round of deliveries was recorded only when its slowest had answered, and the next round
     * waited for it, so every webhook's events waited for the slowest receiver.
     */
    @Test
    @ResourceLock(SENDERS)
    void aSlowReceiverDelaysNoOtherReceiversEvents() {
        String slow = "slow";
        String prompt = "prompt";
        String sku = Sales.openSku(api, 5, 1, 600, "REFUSE");
        String first = reserve(sku, "buyer-first");
        String second = reserve(sku, "buyer-second");
        RECEIVER.stall(slow, STALL, List.of(first, second));
        JsonObject slowHook = register(slow, "reservation.cancelled");
        JsonObject promptHook = register(prompt, "reservation.cancelled");
        try {
            assertEquals(200, api.cancel(first).status());
            await("the slow receiver holding the first event").atMost(PATIENCE).pollInterval(Duration.ofMillis(20))
                    .until(() -> !received(slow, List.of(first)).isEmpty());
            Instant held = received(slow, List.of(first)).get(0).at();

            assertEquals(200, api.cancel(second).status());
            await("the second event at the prompt receiver").atMost(PATIENCE).pollInterval(Duration.ofMillis(20))
                    .until(() -> !received(prompt, List.of(second)).isEmpty());
            Instant promptGot = received(prompt, List.of(second)).get(0).at();
            assertTrue(promptGot.isBefore(held.plus(STALL)), "the prompt receiver got the second event at " + promptGot
                    + ", after the slow one answered the first (held from " + held + " for " + STALL + ")");
            await("both events delivered to both").atMost(PATIENCE).pollInterval(Duration.ofMillis(100)).until(() ->
                    Db.scalar("SELECT count(*) FROM " + DELIVERIES + " AND d.status = 'DELIVERED'", slowHook.getString("id"),
                            ids(List.of(first, second))) == 2
                            && Db.scalar("SELECT count(*) FROM " + DELIVERIES + " AND d.status = 'DELIVERED'",
                            promptHook.getString("id"), ids(List.of(first, second))) == 2);
        } finally {
            delete(slowHook.getString("id"));
            delete(promptHook.getString("id"));
        }
    }

    /**
     * Receivers slow all at once hold a quarter of the node's sixteen senders: six that hold every
     * request for 3 s, each with this test's five events due, hold one sender each while new to the
     * node, and an event for a prompt receiver reaches it at once; once each has answered slowly,
     * the six take turns at four senders. Before, each took a quarter of the senders in one claim,
     * the six all sixteen, and the prompt receiver's event waited for them.
     */
    @Test
    @ResourceLock(SENDERS)
    void receiversSlowAllAtOnceLeaveTheOtherSendersFree() {
        // The bound is a node's: only the tests' server sends here (in the suite's order the second node is not up now).
        SecondNode.standDown();
        Duration stall = Duration.ofSeconds(3);
        List<String> slow = IntStream.rangeClosed(1, 6).mapToObj(i -> "slow-" + i).toList();
        String prompt = "prompt-beside-slow";
        String sku = Sales.openSku(api, 10, 1, 600, "REFUSE");
        List<String> cancelled = new ArrayList<>();
        for (int i = 0; i < 5; i++) {
            cancelled.add(reserve(sku, "buyer-cancels-" + i));
        }
        String paid = reserve(sku, "buyer-pays");
        slow.forEach(path -> RECEIVER.stallEvery(path, stall));
        List<String> hooks = new ArrayList<>();
        try {
            slow.forEach(path -> hooks.add(register(path, "reservation.cancelled").getString("id")));
            hooks.add(register(prompt, "reservation.confirmed").getString("id"));
            cancelled.forEach(id -> assertEquals(200, api.cancel(id).status()));
            await("each slow receiver holding a request").atMost(PATIENCE).pollInterval(Duration.ofMillis(20))
                    .until(() -> slow.stream().noneMatch(path -> RECEIVER.at(path).isEmpty()));
            // The requests held all the while the gauge is read: come before the read, not answered by its end. A read
            // nearly as slow as the stall (a busy machine, the first read of /metrics) may have none across it: read again,
            // and judge the gauge by the first read that has.
            AtomicReference<double[]> spanning = new AtomicReference<>();
            await("a read of the gauge while the slow receivers hold requests").atMost(PATIENCE).pollInterval(Duration.ofMillis(100))
                    .until(() -> {
                        Instant reading = Instant.now();
                        double sending = Metrics.read(api).value("flashsale_webhooks_sending");
                        Instant read = Instant.now();
                        long held = arrivals(slow, read.minus(stall)).stream().filter(at -> at.isBefore(reading)).count();
                        spanning.set(new double[] {sending, held});
                        return held >= 1;
                    });
            assertTrue(spanning.get()[0] >= spanning.get()[1], "the node's senders at work: " + spanning.get()[0] + ", with "
                    + spanning.get()[1] + " requests held by the slow receivers");

            assertEquals(200, api.confirm(paid).status());
            Instant confirmed = Instant.now();
            await("the payment at the prompt receiver").atMost(PATIENCE).pollInterval(Duration.ofMillis(20))
                    .until(() -> !received(prompt, List.of(paid)).isEmpty());
            Duration waited = Duration.between(confirmed, received(prompt, List.of(paid)).get(0).at());
            assertTrue(waited.compareTo(stall.dividedBy(2)) < 0, "the prompt receiver got the payment " + waited + " after it was made,"
                    + " beside slow receivers holding " + mostAtOnce(arrivals(slow, Instant.MIN), stall) + " requests at once");

            // Once each has answered its first request (slowly, a stall after it came), they take turns.
            Instant seenSlow = slow.stream().map(path -> RECEIVER.at(path).get(0).at().plus(stall)).max(Instant::compareTo).orElseThrow();
            await("two rounds of turns").atMost(PATIENCE).pollInterval(Duration.ofMillis(100))
                    .until(() -> arrivals(slow, seenSlow).size() >= 8);
            long heldAtOnce = mostAtOnce(arrivals(slow, seenSlow), stall);
            assertTrue(heldAtOnce <= 4, "the slow receivers held " + heldAtOnce + " of the 16 senders at once");
        } finally {
            hooks.forEach(this::delete);
            // What they still hold is answered before the next test, which should find the senders free.
            await("the slow receivers answered").atMost(PATIENCE).pollInterval(Duration.ofMillis(100)).until(() ->
                    arrivals(slow, Instant.MIN).stream().allMatch(at -> at.plus(stall).isBefore(Instant.now())));
        }
    }

    @Test
    void aReceiverThatRefusesForAWhileGetsEveryEventInFullOnceItAccepts() {
        String path = "refusing";
        RECEIVER.refuse(path, true);
        JsonObject hook = register(path, "reservation.cancelled");
        String webhook = hook.getString("id");
        try {
            String sku = Sales.openSku(api, 10, 1, 600, "REFUSE");
            List<String> cancelled = new ArrayList<>();
            for (int i = 0; i < 4; i++) {
                String id = reserve(sku, "buyer-" + i);
                assertEquals(200, api.cancel(id).status());
                cancelled.add(id);
            }
            await("two refused attempts of each event").atMost(PATIENCE).pollInterval(Duration.ofMillis(100))
                    .until(() -> attemptsById(path, cancelled).values().stream().filter(n -> n >= 2).count() == 4);

            // As if the receiver had refused for ten minutes: still pending, still tried.
            // One delivery a statement: the sender records a batch's outcomes in one transaction, and a statement that
            // moved them all at once could take their rows in another order and deadlock with it.
            for (String delivery : Db.texts("SELECT d.id FROM " + DELIVERIES + " ORDER BY d.id", webhook, ids(cancelled))) {
                Db.update("UPDATE webhook_delivery SET round_started_at = round_started_at - interval '10 minutes' WHERE id = ?::uuid",
                        delivery);
            }
            Map<String, Long> before = attemptsById(path, cancelled);
            await("a further attempt of each after ten minutes of refusals").atMost(PATIENCE).pollInterval(Duration.ofMillis(100))
                    .until(() -> before.keySet().stream().allMatch(id -> attemptsById(path, cancelled).get(id) > before.get(id)));
            assertEquals(0, Db.scalar("SELECT count(*) FROM " + DELIVERIES + " AND d.status <> 'PENDING'", webhook, ids(cancelled)),
                    "ten minutes of refusals fail nothing: deliveries are retried for a day");

            RECEIVER.refuse(path, false);
            await("every event delivered").atMost(PATIENCE).pollInterval(Duration.ofMillis(100)).until(() ->
                    Db.scalar("SELECT count(*) FROM " + DELIVERIES + " AND d.status = 'DELIVERED'", webhook, ids(cancelled)) == 4);

            List<WebhookReceiver.Received> got = received(path, cancelled);
            Map<String, List<WebhookReceiver.Received>> byId = got.stream().collect(Collectors.groupingBy(WebhookReceiver.Received::id));
            assertEquals(4, byId.size(), RECEIVER.summary(path));
            Set<String> delivered = new TreeSet<>();
            for (List<WebhookReceiver.Received> attempts : byId.values()) {
                assertEquals(1, attempts.stream().map(WebhookReceiver.Received::body).distinct().count(), "one body under one id");
                assertTrue(attempts.stream().allMatch(attempt -> attempt.signedBy(hook.getString("secret"))));
                assertEquals(1, attempts.stream().filter(attempt -> attempt.answered() == 204).count(), "accepted once");
                String body = attempts.get(0).body();
                assertEquals(body, Db.text("SELECT body FROM outbox WHERE 'msg_' || id = ?", attempts.get(0).id()), "sent in full");
                delivered.add(attempts.get(0).data().getString("reservationId"));
            }
            assertEquals(new TreeSet<>(cancelled), delivered);
        } finally {
            delete(webhook);
        }
    }

    @Test
    void aDeliveryTriedPastItsGiveUpTimeFailsAndSendAgainDeliversIt() {
        String path = "given-up";
        Refused refused = oneEventRefused(path);
        String webhook = refused.webhook();
        String id = refused.reservation();
        String delivery = refused.delivery();
        try {
            // As if it had been refused for 25 hours: the next attempt is its last.
            Db.update("UPDATE webhook_delivery SET round_started_at = now() - interval '25 hours' WHERE id = ?::uuid", delivery);
            await("the delivery failed").atMost(PATIENCE).pollInterval(Duration.ofMillis(100)).until(() ->
                    "FAILED".equals(Db.text("SELECT status FROM webhook_delivery WHERE id = ?::uuid", delivery)));

            Api.Answer failed = api.adminGet("api/admin/webhooks/deliveries?status=FAILED&limit=200");
            assertEquals(200, failed.status(), failed.toString());
            JsonObject listed = failed.jsonArray().getValuesAs(JsonObject.class).stream()
                    .filter(row -> row.getString("id").equals(delivery)).findFirst().orElseThrow();
            assertEquals("HTTP 500", listed.getString("lastError"));
            assertEquals(500, listed.getInt("lastStatus"));
            assertTrue(listed.getInt("attempts") >= 2, listed.toString());
            assertTrue(api.adminGet("api/admin/webhooks/deliveries/counts").json().getInt("failed") >= 1);

            RECEIVER.refuse(path, false);
            Api.Answer again = api.adminPostEmpty("api/admin/webhooks/deliveries/" + delivery + "/send-again");
            assertEquals(204, again.status(), again.toString());
            await("sent again and delivered").atMost(PATIENCE).pollInterval(Duration.ofMillis(100)).until(() ->
                    "DELIVERED".equals(Db.text("SELECT status FROM webhook_delivery WHERE id = ?::uuid", delivery)));
            List<WebhookReceiver.Received> attempts = received(path, List.of(id));
            WebhookReceiver.Received accepted = attempts.get(attempts.size() - 1);
            assertEquals(204, accepted.answered());
            assertEquals(attempts.get(0).id(), accepted.id(), "the same webhook-id as its first attempt");

            Api.Answer notFailed = api.adminPostEmpty("api/admin/webhooks/deliveries/" + delivery + "/send-again");
            assertEquals(409, notFailed.status(), notFailed.toString());
            assertEquals("delivery-not-failed", notFailed.problemType());
            Api.Answer unknown = api.adminPostEmpty("api/admin/webhooks/deliveries/" + UUID.randomUUID() + "/send-again");
            assertEquals(404, unknown.status(), unknown.toString());
            assertEquals("delivery-not-found", unknown.problemType());
        } finally {
            delete(webhook);
        }
    }

    /**
     * A node claimed the delivery and died before it sent it: the row is claimed (a claim of its
     * own, a lease of three seconds) and nothing will ever record its outcome. The timer of the
     * live node sends it once the lease ran out, not before.
     */
    @Test
    void aDeliveryWhoseSenderDiedIsSentOnceItsLeaseRanOut() {
        String path = "lapsed-lease";
        Refused refused = oneEventRefused(path);
        String webhook = refused.webhook();
        String delivery = refused.delivery();
        try {
            String claimed = Db.text("UPDATE webhook_delivery SET claim = gen_random_uuid(), claimed_by = 'a node that died',"
                    + " attempts = attempts + 1, next_attempt_at = now() + interval '3 seconds'"
                    + " WHERE id = ?::uuid AND status = 'PENDING'"
                    + " RETURNING attempts || ' ' || to_char(next_attempt_at AT TIME ZONE 'UTC', 'YYYY-MM-DD\"T\"HH24:MI:SS.US\"Z\"')",
                    delivery);
            long attemptsClaimed = Long.parseLong(claimed.split(" ")[0]);
            Instant lapses = Instant.parse(claimed.split(" ")[1]);
            // An attempt the live node began before the claim (and whose outcome the claim now voids) is refused.
            RECEIVER.refuseUntil(path, lapses);

            await("delivered by the timer").atMost(PATIENCE).pollInterval(Duration.ofMillis(100)).until(() ->
                    "DELIVERED".equals(Db.text("SELECT status FROM webhook_delivery WHERE id = ?::uuid", delivery)));
            assertEquals(attemptsClaimed + 1, Db.scalar("SELECT attempts FROM webhook_delivery WHERE id = ?::uuid", delivery),
                    "claimed once more, after the lease: not while the dead node's claim ran");
            assertFalse(Db.text("SELECT claimed_by FROM webhook_delivery WHERE id = ?::uuid", delivery).equals("a node that died"));
            List<WebhookReceiver.Received> accepted = received(path, List.of(refused.reservation())).stream()
                    .filter(got -> got.answered() == 204).toList();
            assertEquals(1, accepted.size(), RECEIVER.summary(path));
            assertFalse(accepted.get(0).at().isBefore(lapses), "sent at " + accepted.get(0).at() + ", the lease ran to " + lapses);
            assertTrue(accepted.get(0).signedBy(refused.secret()));
        } finally {
            delete(webhook);
        }
    }

    @Test
    void badInputIsRefusedWith400AndNothingIsStored() {
        String url = RECEIVER.url("bad-input");
        // What a wrongly taken request would have stored, as given or in another form: webhooks of these URLs (other classes
        // register webhooks of their own, none of them like these).
        String storedOfTheseUrls = "SELECT count(*) FROM webhook WHERE url LIKE '%/bad-input%' OR url LIKE '%127.0.0.1/x%'"
                + " OR lower(url) LIKE 'not%' OR lower(url) LIKE 'javascript:%'";
        Map<String, String> bodies = new LinkedHashMap<>();
        bodies.put("url", body("ftp://127.0.0.1/x", null, "reservation.cancelled"));
        bodies.put("url ", body("not a url", null, "reservation.cancelled"));
        bodies.put("events", body(url, null, "reservation.made"));
        bodies.put("events ", body(url, null));
        bodies.put("secret", body(url, "whsec_" + Base64.getEncoder().encodeToString(new byte[16]), "reservation.cancelled"));
        bodies.put("secret ", body(url, "plain-text-secret-of-enough-length-1234", "reservation.cancelled"));
        for (Map.Entry<String, String> bad : bodies.entrySet()) {
            Api.Answer refused = api.adminPost("api/admin/webhooks", bad.getValue());
            assertEquals(400, refused.status(), bad.getValue() + ": " + refused);
            assertTrue(refused.isProblem(), refused.toString());
            assertEquals("invalid-request", refused.problemType());
            assertEquals(bad.getKey().strip(), refused.json().getJsonArray("errors").getJsonObject(0).getString("field"), refused.toString());
        }
        for (String malformed : List.of("", "{\"url\":", "[]", "{\"url\":\"" + url + "\",\"events\":\"hold.expired\"}")) {
            Api.Answer refused = api.adminPost("api/admin/webhooks", malformed);
            assertEquals(400, refused.status(), malformed + ": " + refused);
            assertTrue(refused.isProblem(), refused.toString());
        }
        assertEquals(0, Db.scalar(storedOfTheseUrls), "nothing stored");

        JsonObject hook = register("bad-input", "hold.expired");
        String id = hook.getString("id");
        try {
            assertTrue(hook.getString("secret").startsWith("whsec_"), "a secret made when none is given");
            String listed = api.adminGet("api/admin/webhooks").body();
            assertFalse(listed.contains(hook.getString("secret")), "the secret is shown once only");
            String stored = Db.text("SELECT url || events::text || secret FROM webhook WHERE id = ?::uuid", id);
            Api.Answer refused = api.adminPut("api/admin/webhooks/" + id, body("javascript:alert(1)", null, "hold.expired"));
            assertEquals(400, refused.status(), refused.toString());
            assertEquals(stored, Db.text("SELECT url || events::text || secret FROM webhook WHERE id = ?::uuid", id), "unchanged");
            assertEquals(404, api.adminPut("api/admin/webhooks/" + UUID.randomUUID(), body(url, null, "hold.expired")).status());
            assertEquals(400, api.adminPut("api/admin/webhooks/not-an-id", body(url, null, "hold.expired")).status());
            assertEquals(400, api.adminGet("api/admin/webhooks/deliveries?status=LOST").status());
            // A status in any case, or given blank (the default's, FAILED), is no client's mistake.
            assertEquals(200, api.adminGet("api/admin/webhooks/deliveries?status=pending&limit=1").status());
            Api.Answer blank = api.adminGet("api/admin/webhooks/deliveries?status=&limit=1");
            assertEquals(200, blank.status(), blank.toString());
            assertEquals(400, api.adminGet("api/admin/webhooks/deliveries?limit=100000").status());
        } finally {
            delete(id);
        }
        assertEquals(0, Db.scalar(storedOfTheseUrls));
    }

    /** A webhook of {@code reservation.cancelled} whose receiver refuses, and a cancel whose event (its delivery) it refused once. */
    private record Refused(String webhook, String secret, String reservation, String delivery) {
    }

    private Refused oneEventRefused(String path) {
        RECEIVER.refuse(path, true);
        JsonObject hook = register(path, "reservation.cancelled");
        try {
            String sku = Sales.openSku(api, 3, 1, 600, "REFUSE");
            String id = reserve(sku, "buyer-" + path);
            assertEquals(200, api.cancel(id).status());
            // Refused at the receiver, and the refusal recorded by the sender (which comes a moment after the answer):
            // the claim counts the attempt, the outcome drops the claim. A test that moves the round on before the outcome
            // is recorded would see the refusal judged against the moved round.
            String recorded = "SELECT count(*) FROM " + DELIVERIES + " AND d.attempts >= 1 AND d.claim IS NULL AND d.last_status IS NOT NULL";
            await("a refused attempt recorded").atMost(PATIENCE).pollInterval(Duration.ofMillis(100)).until(() ->
                    !received(path, List.of(id)).isEmpty() && Db.scalar(recorded, hook.getString("id"), ids(List.of(id))) == 1);
            return new Refused(hook.getString("id"), hook.getString("secret"), id,
                    Db.text("SELECT d.id FROM " + DELIVERIES, hook.getString("id"), ids(List.of(id))));
        } catch (RuntimeException | AssertionError failed) {
            delete(hook.getString("id"));
            throw failed;
        }
    }

    private JsonObject register(String path, String... events) {
        Webhooks.Registered hook = Webhooks.register(api, RECEIVER.url(path), events);
        return Json.createObjectBuilder().add("id", hook.id()).add("secret", hook.secret()).build();
    }

    private void delete(String id) {
        Webhooks.delete(api, id);
    }

    private String reserve(String sku, String buyer) {
        Api.Answer held = api.reserve(sku + "-" + buyer, sku, buyer, 1);
        assertEquals(201, held.status(), held.toString());
        return held.json().getString("id");
    }

    /** Requests the path got so far of the events of {@code reservations}, per webhook-id. */
    private static Map<String, Long> attemptsById(String path, List<String> reservations) {
        return received(path, reservations).stream().collect(Collectors.groupingBy(WebhookReceiver.Received::id, Collectors.counting()));
    }

    /** Requests the path got so far of the events of {@code reservations}, in the order they came. */
    private static List<WebhookReceiver.Received> received(String path, List<String> reservations) {
        return RECEIVER.at(path).stream().filter(got -> reservations.contains(got.data().getString("reservationId", ""))).toList();
    }

    /** When the receiver's {@code paths} got each request since {@code from}. */
    private static List<Instant> arrivals(List<String> paths, Instant from) {
        return paths.stream().flatMap(path -> RECEIVER.at(path).stream()).map(WebhookReceiver.Received::at)
                .filter(at -> !at.isBefore(from)).toList();
    }

    /** The most requests held at once by receivers that hold every request for {@code stall}. */
    private static long mostAtOnce(List<Instant> arrivals, Duration stall) {
        return arrivals.stream().mapToLong(at -> arrivals.stream()
                .filter(other -> !other.isAfter(at) && other.plus(stall).isAfter(at)).count()).max().orElse(0);
    }

    /** Reservation ids as {@link #DELIVERIES} takes them: a PostgreSQL array literal. */
    private static String ids(List<String> reservations) {
        return "{" + String.join(",", reservations) + "}";
    }

    private void awaitRoomKnown(String sku) {
        await("the room known").atMost(PATIENCE).pollInterval(Duration.ofMillis(100)).until(() -> {
            Api.Answer probe = api.post("api/reservations", Api.reserveBody(sku, "probe", 1), "Idempotency-Key", "probe-" + UUID.randomUUID());
            return probe.status() == 403 && probe.problemType().equals("admission-required");
        });
    }

    private static String body(String url, String secret, String... events) {
        return Webhooks.body(url, secret, events);
    }
}
