package dev.flashsale.webhooks;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.flashsale.testsupport.Api;
import dev.flashsale.testsupport.Crowd;
import dev.flashsale.testsupport.Db;
import dev.flashsale.testsupport.Sales;
import dev.flashsale.testsupport.SecondNode;
import dev.flashsale.testsupport.TestServer;
import dev.flashsale.testsupport.WebhookReceiver;
import dev.flashsale.testsupport.Webhooks;
import jakarta.json.Json;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.stream.Collectors;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.parallel.Isolated;

/**
 * The pace of the webhook senders, on the tests' server alone (the second node stood down: its
 * sender would share the work), whose sender ticks every 200 ms and retries a refusal 100 to 200
 * ms after it: a refused delivery is tried again at the first tick after its backoff, and a burst
 * of deliveries due at once reaches a prompt receiver as fast as it answers, not a few a tick.
 * Each test registers its own webhook of {@code reservation.cancelled} and deletes it.
 */
@Tag("core")
@Isolated("times how fast the senders deliver: the load of the classes side by side would time theirs")
class WebhookPaceIT {

    private static final Duration PATIENCE = Duration.ofSeconds(30);
    /** The tests' server's sender ticks every 200 ms; where the timer service kept its own shortest gap, once a second. */
    private static final Duration RETRIED_WITHIN = Duration.ofMillis(700);
    private static final int BURST = 300;
    /** 15 of the tests' server's sender's intervals. */
    private static final Duration BURST_SENT = Duration.ofSeconds(3);
    /** The deliveries of one webhook ({@code ?::uuid}). */
    private static final String DELIVERIES = "webhook_delivery d WHERE d.webhook_id = ?::uuid";

    @RegisterExtension
    static final WebhookReceiver RECEIVER = new WebhookReceiver();
    private final Api api = new Api(TestServer.url());

    @BeforeAll
    static void oneNodeSends() {
        SecondNode.standDown();
    }

    /**
     * Four refused events: the quickest first retry comes within {@link #RETRIED_WITHIN} of its
     * refusal. Before the server set the EJB timer service's shortest interval
     * (payara/pre-boot.asadmin), every timer set under a second ticked once a second, and each
     * first retry came a second or so after its refusal.
     */
    @Test
    void aRefusedDeliveryIsTriedAgainAtTheFirstTickAfterItsBackoff() throws Exception {
        String path = "retried";
        Webhooks.Registered hook = refusedEvents(path, 4);
        try {
            await("two refused attempts of each event").atMost(PATIENCE).pollInterval(Duration.ofMillis(50))
                    .until(() -> RECEIVER.at(path).stream().collect(Collectors.groupingBy(WebhookReceiver.Received::id))
                            .values().stream().filter(attempts -> attempts.size() >= 2).count() == 4);
            Duration quickest = RECEIVER.at(path).stream().collect(Collectors.groupingBy(WebhookReceiver.Received::id)).values().stream()
                    .map(attempts -> Duration.between(attempts.get(0).at(), attempts.get(1).at())).min(Duration::compareTo).orElseThrow();
            assertTrue(quickest.compareTo(RETRIED_WITHIN) < 0, "the quickest of four first retries came " + quickest
                    + " after its refusal, with a backoff of 100 to 200 ms and the sender's ticks 200 ms apart");
        } finally {
            Webhooks.delete(api, hook.id());
        }
    }

    /**
     * 300 events made due at once (refused first, the webhook off meanwhile, then on again) all
     * reach the receiver within {@link #BURST_SENT}: each sender that finishes claims the
     * receiver's next delivery at once, within the tick. Before, a claim that found the
     * receiver's earlier deliveries answered already, or passed it over as busy and then found
     * its senders done, ended the tick, and the events went out a few a tick (6.6 s for these).
     */
    @Test
    void aBurstForOnePromptReceiverGoesOutAsFastAsItAnswers() throws Exception {
        String path = "burst";
        Webhooks.Registered hook = refusedEvents(path, BURST);
        String url = RECEIVER.url(path);
        try {
            await("each event refused once").atMost(PATIENCE).pollInterval(Duration.ofMillis(100)).until(() ->
                    Db.scalar("SELECT count(*) FROM " + DELIVERIES + " AND d.attempts >= 1", hook.id()) >= BURST);
            assertEquals(200, api.adminPut("api/admin/webhooks/" + hook.id(), switched(url, false)).status());
            await("no delivery in flight").atMost(PATIENCE).pollInterval(Duration.ofMillis(100)).until(() ->
                    Db.scalar("SELECT count(*) FROM " + DELIVERIES + " AND d.claim IS NOT NULL", hook.id()) == 0);
            Db.update("UPDATE webhook_delivery SET next_attempt_at = now() WHERE webhook_id = ?::uuid AND status = 'PENDING'", hook.id());
            RECEIVER.refuse(path, false);

            assertEquals(200, api.adminPut("api/admin/webhooks/" + hook.id(), switched(url, true)).status());
            Instant due = Instant.now();
            await("every event delivered").atMost(PATIENCE).pollInterval(Duration.ofMillis(50)).until(() ->
                    Db.scalar("SELECT count(*) FROM " + DELIVERIES + " AND d.status = 'DELIVERED'", hook.id()) >= BURST);
            Duration took = Duration.between(due, Instant.now());
            assertTrue(took.compareTo(BURST_SENT) < 0, BURST + " events due at once took " + took + " to reach a prompt receiver");
        } finally {
            Webhooks.delete(api, hook.id());
        }
    }

    /** A webhook whose receiver refuses, registered before {@code events} cancels of a sale of its own. */
    private Webhooks.Registered refusedEvents(String path, int events) throws Exception {
        String sku = Sales.openSku(api, events, 1, 600, "REFUSE");
        List<String> held = Crowd.run(8, events, buyer -> {
            Api.Answer answer = api.reserve(sku + "-" + path + "-" + buyer, sku, path + "-" + buyer, 1);
            assertEquals(201, answer.status(), answer.toString());
            return answer.json().getString("id");
        });
        RECEIVER.refuse(path, true);
        Webhooks.Registered hook = Webhooks.register(api, RECEIVER.url(path), "reservation.cancelled");
        try {
            Crowd.run(8, events, buyer -> api.cancel(held.get(buyer)).status()).forEach(status -> assertEquals(200, status));
            return hook;
        } catch (Exception | AssertionError failed) {
            Webhooks.delete(api, hook.id());
            throw failed;
        }
    }

    /** The webhook at {@code url}, of {@code reservation.cancelled}, switched on or off. */
    private static String switched(String url, boolean enabled) {
        return Json.createObjectBuilder().add("url", url).add("events", Json.createArrayBuilder().add("reservation.cancelled"))
                .add("enabled", enabled).build().toString();
    }
}
