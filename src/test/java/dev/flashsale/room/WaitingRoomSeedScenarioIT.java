package dev.flashsale.room;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.flashsale.testsupport.Api;
import dev.flashsale.testsupport.Crowd;
import dev.flashsale.testsupport.Db;
import dev.flashsale.testsupport.Pause;
import dev.flashsale.testsupport.RoomSales;
import dev.flashsale.testsupport.Sales;
import dev.flashsale.testsupport.StockCounts;
import dev.flashsale.testsupport.TestServer;
import jakarta.json.JsonObject;
import java.time.Duration;
import java.time.Instant;
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
 * The seed scenario through the waiting room: 20,000 buyers take tickets for 500 units and poll
 * until they are admitted or told the sale is over. The first 500 admitted reserve and hold
 * exactly the 500 units, while everyone else is told no unit is free; once those buyers pay,
 * every other ticket answers SOLD_OUT. Nothing is oversold and nobody but the admitted reserved.
 */
@Tag("room")
class WaitingRoomSeedScenarioIT {

    private static final int UNITS = 500;
    private static final int BUYERS = 20_000;
    private static final int CLIENTS = 16;
    private static final Duration PATIENCE = Duration.ofMinutes(4);

    private final Api api = new Api(TestServer.url());

    @Test
    void twentyThousandBuyersThroughTheRoomHoldExactlyTheUnitsAndTheRestAreToldSoldOut() throws Exception {
        String sku = Sales.uniqueSku("room-seed");
        // Tickets taken before the opening go through the lottery, the later ones queue behind them.
        UUID sale = RoomSales.open(api, sku, UNITS, 1, 600, Instant.now().plusSeconds(3),
                new RoomSales.Room(5_000, BUYERS, 300, 300));
        List<String> tickets = Crowd.run(CLIENTS, BUYERS, i -> {
            Api.Answer taken = RoomSales.take(api, sale, buyer(i));
            assertEquals(201, taken.status(), taken.toString());
            return taken.json().getString("ticket");
        });
        assertEquals(BUYERS, new HashSet<>(tickets).size(), "one ticket for each buyer");

        // Every ticket polled until its buyer holds a unit or waits for a unit that is not free.
        Map<Integer, String> outcome = new ConcurrentHashMap<>();
        Map<Integer, String> holds = new ConcurrentHashMap<>();
        Instant deadline = Instant.now().plus(PATIENCE);
        while (outcome.size() < BUYERS && Instant.now().isBefore(deadline)) {
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
        }
        assertEquals(Map.of("HELD", (long) UNITS, "NO_UNITS_FREE", (long) (BUYERS - UNITS)), counted(outcome),
                "the first 500 admitted hold a unit each; everyone else waits for one");
        StockCounts held = StockCounts.of(sku);
        assertEquals(UNITS, held.held(), "exactly the 500 units held");
        assertEquals(0, held.sold());
        assertTrue(held.consistent(), held.toString());

        // The holders pay: nothing can come back, and every waiting ticket is told the sale is over.
        List<String> holdIds = List.copyOf(holds.values());
        Crowd.run(CLIENTS, holdIds.size(), n -> {
            Api.Answer paid = api.confirm(holdIds.get(n));
            assertEquals(200, paid.status(), paid.toString());
            return n;
        });
        // The room reads a sale's units at most every flashsale.room.stock-refresh-ms (250 ms): a
        // reading taken before the last payment may still answer NO_UNITS_FREE until then.
        Pause.millis(300);
        Map<Integer, String> after = new ConcurrentHashMap<>();
        Crowd.run(CLIENTS, BUYERS, i -> {
            if (!holds.containsKey(i)) {
                after.put(i, RoomSales.poll(api, sale, tickets.get(i)).getString("status"));
            }
            return i;
        });
        assertEquals(Map.of("SOLD_OUT", (long) (BUYERS - UNITS)), counted(after), "sold out, and every ticket says so");
        StockCounts sold = StockCounts.of(sku);
        assertEquals(UNITS, sold.sold(), "500 sold, none oversold");
        assertEquals(0, sold.held());
        assertTrue(sold.consistent(), sold.toString());
        assertEquals(UNITS, Db.scalar("SELECT count(*) FROM reservation WHERE sku = ?", sku), "only the admitted reserved");
    }

    private static String buyer(int i) {
        return "seed-buyer-" + i;
    }

    private static Map<String, Long> counted(Map<Integer, String> outcomes) {
        return outcomes.values().stream().collect(Collectors.groupingBy(outcome -> outcome, TreeMap::new, Collectors.counting()));
    }
}
