package dev.flashsale.platform.health;

import java.net.URI;
import java.net.http.HttpRequest;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The requests the warm-up sends, in turn: the ping, a reserve without a key (401), and with the
 * configured storefront key a reserve of no units (400) and the stock of a SKU on no sale (404).
 * Every layer of the reserve path runs, and nothing is reserved or changed.
 */
final class WarmupRequests {

    private static final String SKU = "WARMUP-NOT-ON-SALE";
    private static final Duration TIMEOUT = Duration.ofSeconds(10);

    private WarmupRequests() {
    }

    /** The first is the ping, which the warm-up also asks until the node serves. */
    static List<HttpRequest> of(URI base, Optional<String> storefrontKey) {
        List<HttpRequest> rounds = new ArrayList<>();
        rounds.add(HttpRequest.newBuilder(base.resolve("api/ping")).timeout(TIMEOUT).GET().build());
        rounds.add(reserve(base).build());
        storefrontKey.filter(key -> !key.isBlank()).ifPresent(key -> {
            rounds.add(reserve(base).header("X-Api-Key", key.strip()).build());
            rounds.add(HttpRequest.newBuilder(base.resolve("api/skus/" + SKU + "/stock")).timeout(TIMEOUT)
                    .header("X-Api-Key", key.strip()).GET().build());
        });
        return rounds;
    }

    /** A reserve of no units: refused as invalid (400) before any stock is asked for. */
    private static HttpRequest.Builder reserve(URI base) {
        return HttpRequest.newBuilder(base.resolve("api/reservations")).timeout(TIMEOUT)
                .header("Content-Type", "application/json").header("Idempotency-Key", "warmup")
                .POST(HttpRequest.BodyPublishers.ofString("{\"sku\":\"" + SKU + "\",\"buyerId\":\"warmup\",\"qty\":0}"));
    }
}
