package dev.flashsale.bench;

import jakarta.json.Json;
import jakarta.json.JsonArrayBuilder;
import jakarta.json.JsonObject;
import java.sql.SQLException;
import java.time.Duration;
import java.util.List;
import java.util.stream.IntStream;

/**
 * The flash sale itself: one fresh SKU with a few hundred units, a crowd many times larger
 * arriving at once, each buyer one reserve attempt under a key of its own, a few sending the same
 * request again right after the answer (a storefront's retry). What matters is that exactly the
 * units are held, nothing is oversold, no 5xx, and how fast the crowd is answered.
 */
final class SeedScenario {

    /** Everything one run measured, and the verdicts on it. */
    record Outcome(int concurrency, String sku, int units, int buyers, int retries, JsonObject stockAfter,
                   LoadResult load, List<StockPoller.Reading> heldOverTime, LedgerInvariants.Verdict ledger) {

        int heldFromApi() {
            return stockAfter.getInt("held");
        }

        int oversoldFromApi() {
            return Math.max(0, stockAfter.getInt("held") + stockAfter.getInt("sold") - stockAfter.getInt("total"));
        }

        boolean pass() {
            return heldFromApi() == units && oversoldFromApi() == 0 && load.serverErrors() == 0 && load.unanswered() == 0
                    && load.skipped() == 0 && ledger.allPass();
        }

        JsonObject toJson() {
            JsonArrayBuilder held = Json.createArrayBuilder();
            heldOverTime.forEach(reading -> held.add(Json.createArrayBuilder().add(reading.millis()).add(reading.held())));
            return Json.createObjectBuilder()
                    .add("concurrency", concurrency).add("sku", sku).add("units", units).add("buyers", buyers)
                    .add("retries", retries).add("stockAfter", stockAfter)
                    .add("unitsHeld", heldFromApi()).add("oversoldHeldPlusSoldMinusTotal", oversoldFromApi())
                    .add("reservationsBeyondTotal", ledger.counts().get("reservations_beyond_total"))
                    .add("millisUntilFirstSoldOut", load.millisUntilFirst("sold-out"))
                    .add("millisUntilAllAnswered", load.millisUntilLastAnswer())
                    .add("load", load.toJson()).add("invariants", ledger.toJson())
                    .add("heldOverTimeMs", held).add("pass", pass())
                    .build();
        }
    }

    private static final Duration TIME_LIMIT = Duration.ofMinutes(5);

    private final FlashSaleClient client;
    private final LedgerInvariants ledger;
    private final BenchOptions options;

    SeedScenario(FlashSaleClient client, LedgerInvariants ledger, BenchOptions options) {
        this.client = client;
        this.ledger = ledger;
        this.options = options;
    }

    Outcome run(String sku, int concurrency) throws InterruptedException, SQLException {
        int units = options.seedUnits();
        int buyers = options.seedBuyers();
        client.openSale(sku, units, options.shards());
        StockPoller poller = new StockPoller(client, sku);
        poller.start();
        LoadResult load = new LoadRun("seed c=" + concurrency, concurrency, TIME_LIMIT).run(buyers, (buyer, recorder) -> {
            String key = sku + "-buyer-" + buyer;
            recorder.accept(client.reserve(sku, "buyer-" + buyer, key));
            if (retries(buyer)) {
                recorder.accept(client.reserve(sku, "buyer-" + buyer, key));
            }
        }, poller::unitsLeft);
        List<StockPoller.Reading> heldOverTime = poller.stop();
        int retries = (int) IntStream.range(0, buyers).filter(this::retries).count();
        return new Outcome(concurrency, sku, units, buyers, retries, client.stock(sku), load, heldOverTime, ledger.check(sku));
    }

    /** Whether this buyer sends its request a second time: {@code retryPercent} of them, evenly spread. */
    private boolean retries(int buyer) {
        return buyer * options.retryPercent() % 100 < options.retryPercent();
    }
}
