package dev.flashsale.webhooks.control;

import dev.flashsale.webhooks.entity.Attempt;
import dev.flashsale.webhooks.entity.ClaimedDelivery;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.net.InetAddress;
import java.net.URI;
import java.net.UnknownHostException;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.util.LinkedHashMap;
import java.util.Map;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * Sends one claimed delivery: one POST with the Standard Webhooks headers, and answers how it went.
 * Bounded: the connect and request timeouts bound the request, redirects are not followed (a
 * receiver's 3xx is a failed attempt), and the receiver's body is not read. Each target is judged
 * ({@link WebhookTargets}) on the addresses its host resolves to at the attempt, and the request
 * goes to the address judged ({@link WebhookPost}). The node's sending threads are {@link Senders}.
 */
@ApplicationScoped
public class Dispatcher {

    private static final String USER_AGENT = "flashsale-webhooks/1";

    @Inject
    WebhookTargets targets;

    @Inject
    @ConfigProperty(name = "flashsale.webhooks.connect-timeout-ms")
    int connectTimeoutMillis;

    @Inject
    @ConfigProperty(name = "flashsale.webhooks.request-timeout-ms")
    long requestTimeoutMillis;

    private final Clock clock = Clock.systemUTC();

    /** @return how the attempt went; never throws for the receiver's failures */
    public Attempt attempt(ClaimedDelivery delivery) {
        try {
            URI url = url(delivery.url());
            InetAddress address;
            try {
                address = targets.connectTo(url.getHost());
            } catch (WebhookTargets.Refused internal) {
                throw new WebhookPost.Failed(WebhookPost.Failed.INTERNAL);
            } catch (UnknownHostException | SecurityException unknown) {
                throw new WebhookPost.Failed(WebhookPost.Failed.UNKNOWN_HOST);
            }
            long timestamp = clock.instant().getEpochSecond();
            Map<String, String> headers = new LinkedHashMap<>();
            headers.put("content-type", "application/json");
            headers.put("user-agent", USER_AGENT);
            headers.put("webhook-id", delivery.messageId());
            headers.put("webhook-timestamp", Long.toString(timestamp));
            headers.put("webhook-signature", Signature.of(delivery.secret(), delivery.messageId(), timestamp, delivery.body()));
            int status = WebhookPost.send(url, address, headers, delivery.body().getBytes(StandardCharsets.UTF_8),
                    connectTimeoutMillis, requestTimeoutMillis);
            return new Attempt(delivery, status, status / 100 == 2 ? null : "HTTP " + status);
        } catch (WebhookPost.Failed failed) {
            return new Attempt(delivery, 0, failed.getMessage());
        }
    }

    private static URI url(String text) throws WebhookPost.Failed {
        try {
            URI url = URI.create(text);
            if (url.getHost() == null || url.getScheme() == null) {
                throw new WebhookPost.Failed(WebhookPost.Failed.BAD_URL);
            }
            return url;
        } catch (IllegalArgumentException unusable) {
            throw new WebhookPost.Failed(WebhookPost.Failed.BAD_URL);
        }
    }
}
