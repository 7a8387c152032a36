package dev.flashsale.bench;

import java.net.URI;
import java.time.Duration;

/**
 * Reservations that succeed: a SKU with so many units that it never runs out, so every request
 * does the whole write path (insert the reservation, claim the unit, write the ledger), a fixed
 * number of them (bench/success_path.lua). Each run gets a fresh SKU: every claim updates the
 * same stock row, and the dead row versions a run leaves behind would slow the next one down
 * (measured: a row with 10,000 updates behind it and autovacuum off claims ten times slower
 * than a fresh one). Also the sold-out path (bench/reserve_soldout.lua on a SKU whose one unit
 * is taken) and the warm-up, which pushes both paths through the JIT before anything is measured.
 */
final class SuccessPath {

    static final int UNITS = 1_000_000;
    private static final int WARM_UP_CONCURRENCY = 64;
    private static final Duration TIME_LIMIT = Duration.ofMinutes(5);

    private final FlashSaleClient client;
    private final Wrk wrk;
    private final URI base;

    SuccessPath(FlashSaleClient client, Wrk wrk, URI base) {
        this.client = client;
        this.wrk = wrk;
        this.base = base;
    }

    /** Half of {@code seconds} of reservations on a big SKU (success path), half on a sold-out one. */
    void warmUp(int seconds, String successSku, String soldOutSku, int shards) {
        client.openSale(successSku, UNITS, shards);
        soldOutSku(soldOutSku);
        wrk.forSeconds("reserve_soldout.lua", base, WARM_UP_CONCURRENCY, Math.max(1, seconds / 2), successSku,
                client.storefrontKey(), "warm-up");
        wrk.forSeconds("reserve_soldout.lua", base, WARM_UP_CONCURRENCY, Math.max(1, seconds / 2), soldOutSku,
                client.storefrontKey(), "warm-up");
    }

    /** Opens {@code sku} with {@link #UNITS} units over {@code shards} rows and reserves one unit {@code reservations} times. */
    WrkSummary run(String sku, int shards, int concurrency, int reservations) {
        client.openSale(sku, UNITS, shards);
        return wrk.fixedCount("success_path.lua", base, concurrency, TIME_LIMIT, sku, client.storefrontKey(),
                Integer.toString(reservations), Integer.toString(wrk.threads()));
    }

    /** Opens {@code sku} with one unit and takes it: every reservation after that must be refused as sold out. */
    void soldOutSku(String sku) {
        client.openSale(sku, 1, 1);
        int first = client.reserve(sku, "buyer-first", sku + "-first");
        if (first != 201) {
            throw new IllegalStateException("The one unit of " + sku + " was not reserved: " + first);
        }
    }

    /** The sold-out path for {@code seconds} on a SKU prepared by {@link #soldOutSku}; {@code run} keeps each run's keys apart. */
    WrkSummary soldOut(String sku, int concurrency, int seconds, String run) {
        return wrk.forSeconds("reserve_soldout.lua", base, concurrency, seconds, sku, client.storefrontKey(), run);
    }
}
