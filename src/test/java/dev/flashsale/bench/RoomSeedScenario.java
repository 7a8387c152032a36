package dev.flashsale.bench;

import jakarta.json.Json;
import jakarta.json.JsonObject;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.Callable;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.function.IntFunction;
import java.util.stream.Collectors;

/**
 * The seed scenario through the waiting room, at full size: {@link #BUYERS} buyers take tickets
 * for {@link #UNITS} units and poll until they are admitted (and reserve with their token) or
 * told no unit is free; the holders pay, and every other ticket is then told SOLD_OUT. The
 * integration tests prove the same with a small crowd; here it is timed, and the Redis calls the
 * node made for its tickets and polls are counted (lua/room_batch.lua carries a crowd's requests
 * together).
 */
final class RoomSeedScenario {

    static final int UNITS = 500;
    static final int BUYERS = 20_000;
    private static final int CLIENTS = 16;
    private static final Duration PATIENCE = Duration.ofMinutes(4);

    /** What one run measured and its verdicts. */
    record Outcome(String sku, Map<String, Long> polled, Map<String, Long> after, JsonObject stock, long admitted,
                   double ticketSeconds, double untilAllHeldSeconds, double totalSeconds, double redisCalls, double carried) {

        boolean holdsExactlyTheUnits() {
            return polled.equals(Map.of("HELD", (long) UNITS, "NO_UNITS_FREE", (long) (BUYERS - UNITS))) && admitted == UNITS;
        }

        boolean restToldSoldOut() {
            return after.equals(Map.of("SOLD_OUT", (long) (BUYERS - UNITS)));
        }

        boolean soldExactlyTheUnits() {
            return stock.getInt("sold") == UNITS && stock.getInt("held") == 0 && stock.getInt("total") == UNITS;
        }

        JsonObject toJson() {
            return Json.createObjectBuilder().add("sku", sku).add("units", UNITS).add("buyers", BUYERS)
                    .add("polled", polled.toString()).add("after", after.toString()).add("stockAfter", stock).add("admitted", admitted)
                    .add("ticketSeconds", ticketSeconds).add("untilAllHeldSeconds", untilAllHeldSeconds).add("totalSeconds", totalSeconds)
                    .add("redisCalls", redisCalls).add("requestsCarried", carried).build();
        }
    }

    private final FlashSaleClient client;

    RoomSeedScenario(FlashSaleClient client) {
        this.client = client;
    }

    Outcome run(String sku) throws Exception {
        String sale = client.openRoomSale(sku, UNITS, Instant.now(), 5_000);
        double callsBefore = client.metric("flashsale_room_batch_size_count");
        double carriedBefore = client.metric("flashsale_room_batch_size_sum");
        long started = System.nanoTime();
        List<String> tickets = crowd(BUYERS, i -> client.takeTicket(sale, buyer(i)));
        double ticketSeconds = secondsSince(started);

        Map<Integer, String> outcome = new ConcurrentHashMap<>();
        Map<Integer, String> holds = new ConcurrentHashMap<>();
        Instant deadline = Instant.now().plus(PATIENCE);
        while (outcome.size() < BUYERS && Instant.now().isBefore(deadline)) {
            crowd(BUYERS, i -> {
                if (!outcome.containsKey(i)) {
                    JsonObject answer = client.poll(sale, tickets.get(i));
                    String status = answer.getString("status");
                    if (status.equals("ADMITTED")) {
                        JsonObject held = client.reserveAdmitted(sku, buyer(i), "room-seed-" + sale + "-" + i, answer.getString("token"));
                        outcome.put(i, held == null ? "ADMITTED_BUT_REFUSED" : "HELD");
                        if (held != null) {
                            holds.put(i, held.getString("id"));
                        }
                    } else if (status.equals("WAITING")) {
                        if ("NO_UNITS_FREE".equals(answer.getString("reason", null))) {
                            outcome.put(i, "NO_UNITS_FREE");
                        }
                    } else {
                        outcome.put(i, status);
                    }
                }
                return i;
            });
        }
        double untilAllHeld = secondsSince(started);
        List<String> holdIds = List.copyOf(holds.values());
        crowd(holdIds.size(), n -> client.confirm(holdIds.get(n)));
        // The node reads the units at most every flashsale.room.stock-refresh-ms: a poll just after the last payment may not know yet.
        String waiter = tickets.get(outcome.entrySet().stream().filter(entry -> entry.getValue().equals("NO_UNITS_FREE"))
                .map(Map.Entry::getKey).findFirst().orElse(0));
        Instant soldOutBy = Instant.now().plusSeconds(30);
        while (!client.poll(sale, waiter).getString("status").equals("SOLD_OUT") && Instant.now().isBefore(soldOutBy)) {
            Thread.sleep(50);
        }
        Map<Integer, String> after = new ConcurrentHashMap<>();
        crowd(BUYERS, i -> {
            if (!holds.containsKey(i)) {
                after.put(i, client.poll(sale, tickets.get(i)).getString("status"));
            }
            return i;
        });
        double total = secondsSince(started);
        return new Outcome(sku, counted(outcome), counted(after), client.stock(sku), client.room(sale).getJsonNumber("admitted").longValue(),
                ticketSeconds, untilAllHeld, total, client.metric("flashsale_room_batch_size_count") - callsBefore,
                client.metric("flashsale_room_batch_size_sum") - carriedBefore);
    }

    /** {@code attempts} calls on {@link #CLIENTS} threads; @return their answers in the calls' order */
    private static <T> List<T> crowd(int attempts, IntFunction<T> attempt) throws Exception {
        ExecutorService pool = Executors.newFixedThreadPool(CLIENTS);
        try {
            List<Callable<T>> calls = new ArrayList<>(attempts);
            for (int i = 0; i < attempts; i++) {
                int n = i;
                calls.add(() -> attempt.apply(n));
            }
            List<T> answers = new ArrayList<>(attempts);
            for (Future<T> answer : pool.invokeAll(calls)) {
                answers.add(answer.get());
            }
            return answers;
        } finally {
            pool.shutdownNow();
        }
    }

    private static String buyer(int i) {
        return "room-seed-buyer-" + i;
    }

    private static double secondsSince(long nanos) {
        return (System.nanoTime() - nanos) / 1e9;
    }

    private static Map<String, Long> counted(Map<Integer, String> outcomes) {
        return outcomes.values().stream().collect(Collectors.groupingBy(outcome -> outcome, TreeMap::new, Collectors.counting()));
    }
}
