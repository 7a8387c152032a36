package dev.flashsale.webhooks.control;

import dev.flashsale.platform.Causes;
import dev.flashsale.webhooks.entity.Attempt;
import dev.flashsale.webhooks.entity.ClaimedDelivery;
import jakarta.annotation.PostConstruct;
import jakarta.annotation.PreDestroy;
import jakarta.annotation.Resource;
import jakarta.enterprise.concurrent.ManagedExecutorService;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * Sends a batch of claimed deliveries at once, each one POST with the Standard Webhooks headers,
 * and answers how each went. Bounded: the batch is the concurrency, the connect and request
 * timeouts bound each request, redirects are not followed (a receiver's 3xx is a failed
 * attempt), and the receiver's body is read and dropped.
 */
@ApplicationScoped
public class Dispatcher {

    private static final String USER_AGENT = "flashsale-webhooks/1";

    @Resource
    ManagedExecutorService executor;

    @Inject
    @ConfigProperty(name = "flashsale.webhooks.connect-timeout-ms")
    long connectTimeoutMillis;

    @Inject
    @ConfigProperty(name = "flashsale.webhooks.request-timeout-ms")
    long requestTimeoutMillis;

    private HttpClient client;
    private final Clock clock = Clock.systemUTC();

    @PostConstruct
    void open() {
        client = HttpClient.newBuilder().executor(executor).followRedirects(HttpClient.Redirect.NEVER)
                .connectTimeout(Duration.ofMillis(connectTimeoutMillis)).build();
    }

    @PreDestroy
    void close() {
        client = null;
    }

    /** Sends every delivery of {@code batch} at once; @return how each went, in the batch's order */
    public List<Attempt> send(List<ClaimedDelivery> batch) {
        List<CompletableFuture<Attempt>> sent = batch.stream().map(this::send).toList();
        return sent.stream().map(CompletableFuture::join).toList();
    }

    private CompletableFuture<Attempt> send(ClaimedDelivery delivery) {
        HttpRequest request;
        try {
            long timestamp = clock.instant().getEpochSecond();
            request = HttpRequest.newBuilder(URI.create(delivery.url()))
                    .timeout(Duration.ofMillis(requestTimeoutMillis))
                    .header("content-type", "application/json")
                    .header("user-agent", USER_AGENT)
                    .header("webhook-id", delivery.messageId())
                    .header("webhook-timestamp", Long.toString(timestamp))
                    .header("webhook-signature", Signature.of(delivery.secret(), delivery.messageId(), timestamp, delivery.body()))
                    .POST(HttpRequest.BodyPublishers.ofString(delivery.body(), StandardCharsets.UTF_8))
                    .build();
        } catch (IllegalArgumentException unusable) {
            return CompletableFuture.completedFuture(new Attempt(delivery, 0, "request not made: " + unusable.getMessage()));
        }
        return client.sendAsync(request, HttpResponse.BodyHandlers.discarding())
                .thenApply(response -> new Attempt(delivery, response.statusCode(),
                        response.statusCode() / 100 == 2 ? null : "HTTP " + response.statusCode()))
                .exceptionally(failed -> new Attempt(delivery, 0, Causes.summary(failed instanceof CompletionException wrapped
                        && wrapped.getCause() != null ? wrapped.getCause() : failed)));
    }
}
