package dev.flashsale.bench;

import java.time.Duration;

/**
 * The HTTP ceiling: {@code GET /api/ping} (a trivial JAX-RS resource of the same server: no
 * transaction, no database) with the same request count at the same concurrency as a measured
 * scenario. Nothing served by this server can be faster.
 */
final class PingCeiling {

    private static final Duration TIME_LIMIT = Duration.ofMinutes(5);

    private final FlashSaleClient client;

    PingCeiling(FlashSaleClient client) {
        this.client = client;
    }

    LoadResult run(int concurrency, int requests) throws InterruptedException {
        return new LoadRun("ping c=" + concurrency, concurrency, TIME_LIMIT).run(requests,
                (visit, recorder) -> recorder.accept(client.ping()), () -> "-");
    }
}
