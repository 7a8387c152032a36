package dev.flashsale.bench;

import java.time.Duration;

/**
 * Reservations that succeed: a SKU with so many units that it never runs out, so every request
 * does the whole write path (insert the reservation, claim the unit, write the ledger). Each run
 * gets a fresh SKU: every claim updates the same stock row, and the dead row versions a run leaves
 * behind would slow the next one down (measured: a row with 10,000 updates behind it and
 * autovacuum off claims ten times slower than a fresh one). Also the warm-up, which pushes the
 * same path (and the sold-out path of a one-unit SKU) through the JIT before anything is measured.
 */
final class SuccessPath {

    static final int UNITS = 1_000_000;
    private static final int WARM_UP_CONCURRENCY = 64;
    private static final Duration TIME_LIMIT = Duration.ofMinutes(5);

    private final FlashSaleClient client;
    private final int shards;

    SuccessPath(FlashSaleClient client, int shards) {
        this.client = client;
        this.shards = shards;
    }

    /**
     * Sends reservations for {@code seconds}: every other one to a big SKU (success path), the
     * rest to a sold-out SKU of one unit (the path most of a flash-sale crowd takes).
     */
    LoadResult warmUp(int seconds, String successSku, String soldOutSku) throws InterruptedException {
        client.openSale(successSku, UNITS, shards);
        client.openSale(soldOutSku, 1, 1);
        int maxVisits = seconds * 20_000;
        return new LoadRun("warm-up", WARM_UP_CONCURRENCY, Duration.ofSeconds(seconds)).run(maxVisits, (visit, recorder) -> {
            String target = visit % 2 == 0 ? successSku : soldOutSku;
            recorder.accept(client.reserve(target, "warm-up-" + visit, target + "-warm-up-" + visit));
        }, () -> "-");
    }

    /** Opens {@code sku} with {@link #UNITS} units over {@code shards} rows and reserves one unit {@code reservations} times. */
    LoadResult run(String sku, int shards, int concurrency, int reservations) throws InterruptedException {
        client.openSale(sku, UNITS, shards);
        return new LoadRun("success c=" + concurrency, concurrency, TIME_LIMIT).run(reservations, (visit, recorder) ->
                recorder.accept(client.reserve(sku, "buyer-" + visit, sku + "-" + visit)), () -> "plenty");
    }

    /**
     * The sold-out path alone: opens {@code sku} with one unit, takes it, then sends
     * {@code requests} reservations with fresh keys, which must all be refused as sold out.
     */
    LoadResult soldOut(String sku, int concurrency, int requests) throws InterruptedException {
        client.openSale(sku, 1, 1);
        Sample first = client.reserve(sku, "buyer-first", sku + "-first");
        if (first.status() != 201) {
            throw new IllegalStateException("The one unit of " + sku + " was not reserved: " + first);
        }
        return new LoadRun("sold-out c=" + concurrency, concurrency, TIME_LIMIT).run(requests, (visit, recorder) ->
                recorder.accept(client.reserve(sku, "buyer-" + visit, sku + "-" + visit)), () -> "0");
    }
}
