package dev.flashsale.bench;

import jakarta.json.JsonObject;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * Watches one SKU's counts through {@code GET /api/skus/{sku}/stock} every 200 ms while a load
 * runs: the held units over time for the chart, and the units left for the progress line.
 * Bounded by a maximum number of polls as well as by {@link #stop()}.
 */
final class StockPoller {

    /** Held and available units, {@code millis} after the poller started. */
    record Reading(long millis, int held, int available) {
    }

    private static final long INTERVAL_MILLIS = 200;
    private static final int MAX_POLLS = 5 * 60 * 10;

    private final FlashSaleClient client;
    private final String sku;
    private final List<Reading> readings = new CopyOnWriteArrayList<>();
    private final Thread poller;
    private volatile boolean running = true;
    private volatile long startedAtNanos;

    StockPoller(FlashSaleClient client, String sku) {
        this.client = client;
        this.sku = sku;
        this.poller = new Thread(this::poll, "bench-stock-poller");
        this.poller.setDaemon(true);
    }

    void start() {
        startedAtNanos = System.nanoTime();
        poller.start();
    }

    List<Reading> stop() throws InterruptedException {
        running = false;
        poller.interrupt();
        poller.join(5_000);
        return List.copyOf(readings);
    }

    String unitsLeft() {
        return readings.isEmpty() ? "?" : Integer.toString(readings.get(readings.size() - 1).available());
    }

    private void poll() {
        for (int polls = 0; running && polls < MAX_POLLS; polls++) {
            try {
                JsonObject stock = client.stock(sku);
                readings.add(new Reading((System.nanoTime() - startedAtNanos) / 1_000_000,
                        stock.getInt("held"), stock.getInt("available")));
                Thread.sleep(INTERVAL_MILLIS);
            } catch (InterruptedException stopped) {
                return;
            } catch (RuntimeException noAnswer) {
                // A poll that failed under load is a gap in the chart, not a reason to stop.
            }
        }
    }
}
