package dev.flashsale.room;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.flashsale.testsupport.Api;
import dev.flashsale.testsupport.FaultProxy;
import dev.flashsale.testsupport.Pause;
import dev.flashsale.testsupport.RoomSales;
import dev.flashsale.testsupport.Sales;
import dev.flashsale.testsupport.SecondNode;
import dev.flashsale.testsupport.TestServer;
import jakarta.json.JsonObject;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.UUID;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * Tickets and polls answer from Redis and the node's memory, never from a PostgreSQL
 * transaction: a second server whose PostgreSQL goes away (its connection refused, through a
 * proxy that stops listening) goes on taking tickets and answering polls at once, with the
 * room's settings and the units it read last.
 */
@Tag("faults")
class WaitingRoomWithoutPostgresIT {

    private static final long QUICK_MILLIS = 2_000;

    @Test
    void ticketsAndPollsGoOnWhilePostgresIsAway() throws Exception {
        Api shared = new Api(TestServer.url());
        FaultProxy postgres = SecondNode.postgres();
        try {
            Api second = new Api(SecondNode.proxied().base());
            Instant opensAt = Instant.now().plusSeconds(2);
            UUID sale = RoomSales.open(shared, Sales.uniqueSku("room-no-pg"), 10, 1, 600, opensAt,
                    new RoomSales.Room(100, 10_000, 60, 30));
            List<String> tickets = new ArrayList<>();
            for (int i = 0; i < 3; i++) {
                tickets.add(RoomSales.take(second, sale, "before-" + i).json().getString("ticket"));
            }
            Pause.millis(Math.max(0, Duration.between(Instant.now(), opensAt).toMillis() + 50));
            for (String ticket : tickets) {
                assertEquals("ADMITTED", awaitAdmitted(second, sale, ticket).getString("status"));
            }

            postgres.accept(false);
            assertEquals(503, second.get("health/ready").status(), "the node knows PostgreSQL is away");
            for (int i = 0; i < 3; i++) {
                long started = System.nanoTime();
                Api.Answer taken = RoomSales.take(second, sale, "during-" + i);
                assertEquals(201, taken.status(), taken.toString());
                JsonObject polled = RoomSales.poll(second, sale, taken.json().getString("ticket"));
                assertTrue(Set.of("WAITING", "ADMITTED").contains(polled.getString("status")), polled.toString());
                JsonObject again = RoomSales.poll(second, sale, tickets.get(i));
                assertEquals("ADMITTED", again.getString("status"), again.toString());
                long millis = (System.nanoTime() - started) / 1_000_000;
                assertTrue(millis < QUICK_MILLIS, "a ticket and two polls answered at once without PostgreSQL: " + millis + " ms");
                // Past the node's readings of the room (flashsale.room.directory-refresh-ms, 1 s) and of
                // its units (250 ms), so that each is asked for again, of a PostgreSQL that is away.
                Pause.millis(1_100);
            }
        } finally {
            postgres.accept(true);
        }
    }

    private static JsonObject awaitAdmitted(Api api, UUID sale, String ticket) {
        Instant deadline = Instant.now().plusSeconds(15);
        JsonObject answer = RoomSales.poll(api, sale, ticket);
        while (!"ADMITTED".equals(answer.getString("status")) && Instant.now().isBefore(deadline)) {
            Pause.millis(200);
            answer = RoomSales.poll(api, sale, ticket);
        }
        return answer;
    }
}
