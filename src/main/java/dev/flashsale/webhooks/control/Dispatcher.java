package dev.flashsale.webhooks.control;

import dev.flashsale.webhooks.entity.Attempt;
import dev.flashsale.webhooks.entity.ClaimedDelivery;
import jakarta.annotation.PostConstruct;
import jakarta.annotation.PreDestroy;
import jakarta.annotation.Resource;
import jakarta.enterprise.concurrent.ManagedThreadFactory;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.net.InetAddress;
import java.net.URI;
import java.net.UnknownHostException;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * Sends a batch of claimed deliveries at once, each one POST with the Standard Webhooks headers,
 * and answers how each went. Bounded: one sending thread per delivery of a full batch, the
 * connect and request timeouts bound each request, redirects are not followed (a receiver's 3xx
 * is a failed attempt), and the receiver's body is not read. Each target is judged
 * ({@link WebhookTargets}) on the addresses its host resolves to at the attempt, and the request
 * goes to the address judged ({@link WebhookPost}).
 */
@ApplicationScoped
public class Dispatcher {

    private static final String USER_AGENT = "flashsale-webhooks/1";

    @Resource
    ManagedThreadFactory threads;

    @Inject
    WebhookTargets targets;

    @Inject
    @ConfigProperty(name = "flashsale.webhooks.batch-size")
    int batchSize;

    @Inject
    @ConfigProperty(name = "flashsale.webhooks.connect-timeout-ms")
    int connectTimeoutMillis;

    @Inject
    @ConfigProperty(name = "flashsale.webhooks.request-timeout-ms")
    long requestTimeoutMillis;

    private ExecutorService senders;
    private final Clock clock = Clock.systemUTC();

    @PostConstruct
    void open() {
        senders = Executors.newFixedThreadPool(Math.max(1, batchSize), threads);
    }

    @PreDestroy
    void close() {
        senders.shutdownNow();
    }

    /** Sends every delivery of {@code batch} at once; @return how each went, in the batch's order */
    public List<Attempt> send(List<ClaimedDelivery> batch) {
        List<CompletableFuture<Attempt>> sent = batch.stream()
                .map(delivery -> CompletableFuture.supplyAsync(() -> attempt(delivery), senders)).toList();
        return sent.stream().map(CompletableFuture::join).toList();
    }

    private Attempt attempt(ClaimedDelivery delivery) {
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
