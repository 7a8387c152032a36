package dev.flashsale.bench;

import jakarta.json.Json;
import jakarta.json.JsonArrayBuilder;
import jakarta.json.JsonObject;
import java.net.URI;
import java.sql.SQLException;
import java.time.Duration;
import java.util.List;
import java.util.Set;
import java.util.stream.IntStream;

/**
 * The flash sale itself: one fresh SKU with a few hundred units, a crowd many times larger
 * arriving at once, each buyer one reserve attempt under a key of its own, a few sending the same
 * request again (a storefront's retry), sent by wrk (bench/seed_scenario.lua), each request once.
 * What matters is that exactly the units are held, nothing is oversold, no 5xx, and how fast the
 * crowd is answered.
 */
final class SeedScenario {

    /** 201 a unit held, 200 a retry answered with its reservation, 409 sold out. */
    static final Set<Integer> EXPECTED = Set.of(200, 201, 409);
    private static final Duration TIME_LIMIT = Duration.ofMinutes(10);

    /** Everything one run measured, and the verdicts on it. */
    record Outcome(int concurrency, String sku, int units, int buyers, int retries, JsonObject stockAfter,
                   WrkSummary load, List<StockPoller.Reading> heldOverTime, LedgerInvariants.Verdict ledger) {

        int heldFromApi() {
            return stockAfter.getInt("held");
        }

        int oversoldFromApi() {
            return Math.max(0, stockAfter.getInt("held") + stockAfter.getInt("sold") - stockAfter.getInt("total"));
        }

        /** Every request sent once and answered once. */
        boolean allAnswered() {
            return load.answered() == buyers + retries && load.sent() == buyers + retries && load.socketErrors() == 0;
        }

        boolean pass() {
            return heldFromApi() == units && oversoldFromApi() == 0 && load.serverErrors() == 0 && allAnswered()
                    && load.unexpected(EXPECTED) == 0 && ledger.allPass();
        }

        JsonObject toJson() {
            JsonArrayBuilder held = Json.createArrayBuilder();
            heldOverTime.forEach(reading -> held.add(Json.createArrayBuilder().add(reading.millis()).add(reading.held())));
            return Json.createObjectBuilder()
                    .add("concurrency", concurrency).add("sku", sku).add("units", units).add("buyers", buyers)
                    .add("retries", retries).add("stockAfter", stockAfter)
                    .add("unitsHeld", heldFromApi()).add("oversoldHeldPlusSoldMinusTotal", oversoldFromApi())
                    .add("reservationsBeyondTotal", ledger.counts().get("reservations_beyond_total"))
                    .add("requestsPerSecond", load.perSecondRate())
                    .add("millisUntilFirstSoldOut", load.millisUntilFirst("sold-out"))
                    .add("millisUntilAllAnswered", load.wallMillis())
                    .add("load", load.toJson()).add("invariants", ledger.toJson())
                    .add("heldOverTimeMs", held).add("pass", pass())
                    .build();
        }
    }

    private final FlashSaleClient client;
    private final LedgerInvariants ledger;
    private final BenchOptions options;
    private final Wrk wrk;

    SeedScenario(FlashSaleClient client, LedgerInvariants ledger, BenchOptions options, Wrk wrk) {
        this.client = client;
        this.ledger = ledger;
        this.options = options;
        this.wrk = wrk;
    }

    Outcome run(URI base, String sku, int concurrency) throws InterruptedException, SQLException {
        return run(base, sku, concurrency, options.seedBuyers());
    }

    Outcome run(URI base, String sku, int concurrency, int buyers) throws InterruptedException, SQLException {
        int units = options.seedUnits();
        client.openSale(sku, units, options.seedShards());
        StockPoller poller = new StockPoller(client, sku);
        poller.start();
        WrkSummary load = crowd(base, sku, client.storefrontKey(), concurrency, buyers);
        List<StockPoller.Reading> heldOverTime = poller.stop();
        return new Outcome(concurrency, sku, units, buyers, retriesOf(buyers), client.stock(sku), load, heldOverTime, ledger.check(sku));
    }

    /** The crowd alone, at any server that takes the storefront's reserve request (the seeds' design too). */
    WrkSummary crowd(URI base, String sku, String storefrontKey, int concurrency, int buyers) {
        return wrk.fixedCount("seed_scenario.lua", base, concurrency, TIME_LIMIT, sku, storefrontKey,
                Integer.toString(buyers), Integer.toString(options.retryPercent()), Integer.toString(wrk.threads()),
                Integer.toString(concurrency / wrk.threads()));
    }

    /** How many of {@code buyers} send their request twice. */
    int retriesOf(int buyers) {
        return (int) IntStream.range(0, buyers).filter(this::retries).count();
    }

    /** Whether this buyer sends its request a second time: {@code retryPercent} of them, evenly spread (as seed_scenario.lua). */
    private boolean retries(int buyer) {
        return buyer * options.retryPercent() % 100 < options.retryPercent();
    }
}
