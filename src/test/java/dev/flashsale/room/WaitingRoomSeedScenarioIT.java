package dev.flashsale.room;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.awaitility.Awaitility.await;

import dev.flashsale.testsupport.Api;
import dev.flashsale.testsupport.Crowd;
import dev.flashsale.testsupport.Db;
import dev.flashsale.testsupport.RoomSales;
import dev.flashsale.testsupport.Sales;
import dev.flashsale.testsupport.StockCounts;
import dev.flashsale.testsupport.TestServer;
import jakarta.json.JsonObject;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * The seed scenario through the waiting room, at a size that shows its behaviour, not its speed
 * (the benchmark's room seed scenario sends the 20,000 buyers): 400 buyers take tickets for 20
 * units, half before the opening (the lottery's) and half after it (queued behind), and poll
 * until they are admitted or told no unit is free. The first 20 admitted reserve and hold exactly
 * the 20 units, while everyone else is told no unit is free: never more buyers admitted than
 * units. Once those buyers pay, every other ticket answers SOLD_OUT. Nothing is oversold and
 * nobody but the admitted reserved.
 */
@Tag("room")
class WaitingRoomSeedScenarioIT {

    private static final int UNITS = 20;
    private static final int BUYERS = 400;
    private static final int CLIENTS = 8;

    private final Api api = new Api(TestServer.url());

    @Test
    void aCrowdThroughTheRoomHoldsExactlyTheUnitsAndTheRestAreToldSoldOut() throws Exception {
        String sku = Sales.uniqueSku("room-seed");
        UUID sale = RoomSales.open(api, sku, UNITS, 1, 600, Instant.now().plus(RoomSales.LATER),
                new RoomSales.Room(5_000, BUYERS, 300, 300));
        List<String> tickets = new ArrayList<>(takeTickets(sale, 0, BUYERS / 2));
        RoomSales.openNow(api, sale);
        tickets.addAll(takeTickets(sale, BUYERS / 2, BUYERS));
        assertEquals(BUYERS, new HashSet<>(tickets).size(), "one ticket for each buyer");

        // Every ticket polled until its buyer holds a unit or waits for a unit that is not free.
        Map<Integer, String> outcome = new ConcurrentHashMap<>();
        Map<Integer, String> holds = new ConcurrentHashMap<>();
        await("every buyer holds a unit or waits for one").atMost(RoomSales.PATIENCE.multipliedBy(3)).pollInterval(Duration.ofMillis(100)).until(() -> {
            Crowd.run(CLIENTS, BUYERS, i -> {
                if (!outcome.containsKey(i)) {
                    JsonObject answer = RoomSales.poll(api, sale, tickets.get(i));
                    switch (answer.getString("status")) {
                        case "ADMITTED" -> {
                            Api.Answer reserved = api.post("api/reservations", Api.reserveBody(sku, buyer(i), 1),
                                    "Idempotency-Key", "room-seed-" + sale + "-" + i, "X-Admission-Token", answer.getString("token"));
                            assertEquals(201, reserved.status(), "an admitted buyer finds a unit: " + reserved);
                            holds.put(i, reserved.json().getString("id"));
                            outcome.put(i, "HELD");
                        }
                        case "WAITING" -> {
                            if ("NO_UNITS_FREE".equals(answer.getString("reason", null))) {
                                outcome.put(i, "NO_UNITS_FREE");
                            }
                        }
                        default -> throw new AssertionError("ticket " + i + " while units are held: " + answer);
                    }
                }
                return i;
            });
            return outcome.size() == BUYERS;
        });
        assertEquals(Map.of("HELD", (long) UNITS, "NO_UNITS_FREE", (long) (BUYERS - UNITS)), counted(outcome),
                "the first " + UNITS + " admitted hold a unit each; everyone else waits for one");
        assertEquals(UNITS, RoomSales.figure(api, sale, "admitted"), "never more buyers admitted than units");
        StockCounts held = StockCounts.of(sku);
        assertEquals(UNITS, held.held(), "exactly the units held");
        assertEquals(0, held.sold());
        assertTrue(held.consistent(), held.toString());

        // The holders pay: nothing can come back, and every waiting ticket is told the sale is over.
        List<String> holdIds = List.copyOf(holds.values());
        Crowd.run(CLIENTS, holdIds.size(), n -> {
            Api.Answer paid = api.confirm(holdIds.get(n));
            assertEquals(200, paid.status(), paid.toString());
            return n;
        });
        // The room reads a sale's units at most every flashsale.room.stock-refresh-ms: a reading
        // taken before the last payment may still answer NO_UNITS_FREE until then.
        int waiter = outcome.entrySet().stream().filter(e -> e.getValue().equals("NO_UNITS_FREE")).findFirst().orElseThrow().getKey();
        RoomSales.awaitStatus(api, sale, tickets.get(waiter), "SOLD_OUT");
        Map<Integer, String> after = new ConcurrentHashMap<>();
        Crowd.run(CLIENTS, BUYERS, i -> {
            if (!holds.containsKey(i)) {
                after.put(i, RoomSales.poll(api, sale, tickets.get(i)).getString("status"));
            }
            return i;
        });
        assertEquals(Map.of("SOLD_OUT", (long) (BUYERS - UNITS)), counted(after), "sold out, and every ticket says so");
        StockCounts sold = StockCounts.of(sku);
        assertEquals(UNITS, sold.sold(), "the units sold, none oversold");
        assertEquals(0, sold.held());
        assertTrue(sold.consistent(), sold.toString());
        assertEquals(UNITS, Db.scalar("SELECT count(*) FROM reservation WHERE sku = ?", sku), "only the admitted reserved");
    }

    /** Tickets for buyers {@code from} (inclusive) to {@code to}, taken by the crowd; @return them in the buyers' order */
    private List<String> takeTickets(UUID sale, int from, int to) throws Exception {
        List<String> tickets = new ArrayList<>(Crowd.run(CLIENTS, to - from, n -> {
            Api.Answer taken = RoomSales.take(api, sale, buyer(from + n));
            assertEquals(201, taken.status(), taken.toString());
            return taken.json().getString("ticket");
        }));
        assertEquals(to - from, tickets.size());
        return tickets;
    }

    private static String buyer(int i) {
        return "seed-buyer-" + i;
    }

    private static Map<String, Long> counted(Map<Integer, String> outcomes) {
        return outcomes.values().stream().collect(Collectors.groupingBy(outcome -> outcome, TreeMap::new, Collectors.counting()));
    }
}
