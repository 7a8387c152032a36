package dev.flashsale.bench;

import jakarta.json.Json;
import jakarta.json.JsonArrayBuilder;
import jakarta.json.JsonObject;
import jakarta.json.JsonObjectBuilder;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/**
 * How long a returned unit waits for the next buyer: a room sale of {@link #UNITS} units, every
 * one held by an admitted buyer, and as many tickets waiting behind them (told no unit is free).
 * One hold after another is cancelled, and the next waiting ticket is polled every
 * {@link #POLL_EVERY} until it is admitted (then it reserves the unit, so that the next cancel is
 * the only unit free): the time from the cancel's request to the poll that answers ADMITTED,
 * which is what the buyer sees. The room admits {@code admissionPerSecond} = 1,000 a second, so
 * its rate never holds an admission back; the target is 2 s at the 99th percentile.
 */
final class ReofferTimes {

    static final int UNITS = 40;
    static final Duration POLL_EVERY = Duration.ofMillis(10);
    private static final Duration PATIENCE = Duration.ofSeconds(30);

    private final FlashSaleClient client;

    ReofferTimes(FlashSaleClient client) {
        this.client = client;
    }

    /** The times, in milliseconds, in the order of the returns; a return whose ticket was not admitted within 30 s counts as missing. */
    record Outcome(List<Long> millis, int missing) {

        long percentile(double p) {
            List<Long> sorted = millis.stream().sorted().toList();
            return sorted.isEmpty() ? -1 : sorted.get((int) Math.min(sorted.size() - 1, Math.ceil(p * sorted.size()) - 1));
        }

        JsonObject toJson() {
            JsonArrayBuilder each = Json.createArrayBuilder();
            millis.forEach(each::add);
            JsonObjectBuilder json = Json.createObjectBuilder().add("returns", millis.size() + missing).add("missing", missing)
                    .add("p50Millis", percentile(0.50)).add("p99Millis", percentile(0.99)).add("maxMillis", percentile(1.0))
                    .add("millis", each);
            return json.build();
        }
    }

    Outcome run(String sku) {
        String sale = client.openRoomSale(sku, UNITS, Instant.now().minusSeconds(1), 1_000);
        List<String> holds = new ArrayList<>();
        for (int i = 0; i < UNITS; i++) {
            String ticket = client.takeTicket(sale, "holder-" + i);
            holds.add(reserve(sku, sale, ticket, "holder-" + i).getString("id"));
        }
        List<String> waiting = new ArrayList<>();
        for (int i = 0; i < UNITS; i++) {
            String ticket = client.takeTicket(sale, "waiter-" + i);
            JsonObject polled = client.poll(sale, ticket);
            if (!"WAITING".equals(polled.getString("status"))) {
                throw new IllegalStateException("A ticket behind " + UNITS + " holds is not waiting: " + polled);
            }
            waiting.add(ticket);
        }
        List<Long> millis = new ArrayList<>();
        int missing = 0;
        for (int i = 0; i < UNITS; i++) {
            long from = System.nanoTime();
            int cancelled = client.cancel(holds.get(i));
            if (cancelled != 200) {
                throw new IllegalStateException("Cancel of hold " + holds.get(i) + " answered " + cancelled);
            }
            JsonObject admitted = awaitAdmitted(sale, waiting.get(i));
            if (admitted == null) {
                missing++;
                continue;
            }
            millis.add((System.nanoTime() - from) / 1_000_000);
            if (client.reserveAdmitted(sku, "waiter-" + i, "waiter-" + i + "-" + sale, admitted.getString("token")) == null) {
                throw new IllegalStateException("Waiter " + i + ", admitted, could not reserve the unit given back");
            }
        }
        return new Outcome(millis, missing);
    }

    private JsonObject reserve(String sku, String sale, String ticket, String buyer) {
        JsonObject admitted = awaitAdmitted(sale, ticket);
        if (admitted == null) {
            throw new IllegalStateException("Ticket of " + buyer + " not admitted with units free");
        }
        JsonObject reservation = client.reserveAdmitted(sku, buyer, buyer + "-" + sale, admitted.getString("token"));
        if (reservation == null) {
            throw new IllegalStateException(buyer + ", admitted, could not reserve");
        }
        return reservation;
    }

    /** The poll that answers ADMITTED, or null after {@link #PATIENCE}. */
    private JsonObject awaitAdmitted(String sale, String ticket) {
        long deadline = System.nanoTime() + PATIENCE.toNanos();
        while (System.nanoTime() < deadline) {
            JsonObject polled = client.poll(sale, ticket);
            if ("ADMITTED".equals(polled.getString("status"))) {
                return polled;
            }
            try {
                Thread.sleep(POLL_EVERY.toMillis());
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException("Interrupted", e);
            }
        }
        return null;
    }
}
