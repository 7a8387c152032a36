package dev.flashsale.platform.health;

import jakarta.annotation.Resource;
import jakarta.enterprise.concurrent.ManagedExecutorService;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.context.Initialized;
import jakarta.enterprise.event.Observes;
import jakarta.inject.Inject;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.logging.Level;
import java.util.logging.Logger;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * Sends the node's own storefront requests at it before it reports ready, so that the first
 * crowd it meets finds the request path compiled instead of paying for it: on a node just
 * deployed the first rush ran at a third of the warm figure. It asks
 * {@code flashsale.warmup.url} (the launch script gives this node's own address) for the ping,
 * a reserve without a key (401), and, with the configured storefront key, a reserve of an
 * invalid quantity (400) and the stock of an unknown SKU (404): every layer of the reserve path
 * runs, and nothing is reserved or changed. Off when no address is set; never longer than
 * {@code flashsale.warmup.max-seconds}, after which readiness no longer waits for it.
 */
@ApplicationScoped
public class Warmup {

    private static final Logger LOG = Logger.getLogger(Warmup.class.getName());

    public enum State { OFF, RUNNING, DONE }

    @Inject
    @ConfigProperty(name = "flashsale.warmup.url")
    Optional<String> url;

    @Inject
    @ConfigProperty(name = "flashsale.warmup.requests")
    int requests;

    @Inject
    @ConfigProperty(name = "flashsale.warmup.clients")
    int clients;

    @Inject
    @ConfigProperty(name = "flashsale.warmup.max-seconds")
    int maxSeconds;

    @Inject
    @ConfigProperty(name = "flashsale.storefront.api-key")
    Optional<String> storefrontKey;

    @Resource
    ManagedExecutorService executor;

    private final AtomicInteger sent = new AtomicInteger();
    private volatile State state = State.OFF;
    private volatile long deadlineNanos;

    void start(@Observes @Initialized(ApplicationScoped.class) Object started) {
        Optional<URI> base = url.filter(address -> !address.isBlank()).map(address -> URI.create(address.strip() + "/"));
        if (base.isEmpty() || requests <= 0) {
            return;
        }
        state = State.RUNNING;
        deadlineNanos = System.nanoTime() + Duration.ofSeconds(maxSeconds).toNanos();
        List<HttpRequest> rounds = WarmupRequests.of(base.get(), storefrontKey);
        HttpClient http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
                .connectTimeout(Duration.ofSeconds(5)).executor(executor).build();
        CompletableFuture<Void> serving = CompletableFuture.runAsync(() -> awaitServing(http, rounds.get(0)), executor);
        List<CompletableFuture<Void>> all = new ArrayList<>();
        for (int client = 0; client < Math.max(1, clients); client++) {
            all.add(serving.thenRunAsync(() -> send(http, rounds), executor));
        }
        CompletableFuture.allOf(all.toArray(CompletableFuture[]::new)).whenComplete((done, failed) -> {
            state = State.DONE;
            if (failed != null) {
                LOG.log(Level.WARNING, "Warm-up ended early after " + sent.get() + " requests", failed);
            } else {
                LOG.info("Warm-up sent " + sent.get() + " requests to " + base.get());
            }
        });
    }

    /** Ready as far as the warm-up goes: it is off, done, or has run out of time. */
    public boolean finished() {
        return state != State.RUNNING || System.nanoTime() - deadlineNanos > 0;
    }

    public State state() {
        return state;
    }

    public int sent() {
        return sent.get();
    }

    /**
     * This event comes while the application is still being deployed: the server answers for it
     * (the ping's 200) a moment later.
     */
    private void awaitServing(HttpClient http, HttpRequest ping) {
        while (!finished()) {
            try {
                if (http.send(ping, HttpResponse.BodyHandlers.discarding()).statusCode() == 200) {
                    return;
                }
            } catch (IOException notYet) {
                LOG.log(Level.FINE, "Not serving yet", notYet);
            } catch (InterruptedException interrupted) {
                Thread.currentThread().interrupt();
                return;
            }
            try {
                Thread.sleep(200);
            } catch (InterruptedException interrupted) {
                Thread.currentThread().interrupt();
                return;
            }
        }
    }

    private void send(HttpClient http, List<HttpRequest> rounds) {
        for (int i = sent.getAndIncrement(); i < requests && !finished(); i = sent.getAndIncrement()) {
            try {
                http.send(rounds.get(i % rounds.size()), HttpResponse.BodyHandlers.discarding());
            } catch (IOException failed) {
                throw new IllegalStateException("The node did not answer its warm-up at " + rounds.get(0).uri(), failed);
            } catch (InterruptedException interrupted) {
                Thread.currentThread().interrupt();
                return;
            }
        }
        sent.updateAndGet(count -> Math.min(count, requests));
    }
}
