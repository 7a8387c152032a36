package dev.flashsale.room;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.flashsale.testsupport.Api;
import dev.flashsale.testsupport.FaultProxy;
import dev.flashsale.testsupport.Metrics;
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
import org.junit.jupiter.api.parallel.Isolated;

/**
 * A second server beside the tests' own, which only this test talks to: its counters of tickets,
 * polls and lotteries count this test's requests alone; and tickets and polls answer from Redis
 * and the node's memory, never from a PostgreSQL transaction: when its PostgreSQL goes away (its
 * connection refused, through a proxy that refuses every connection) it goes on taking tickets and
 * answering polls, with the room's settings and the units it read last.
 */
@Tag("faults")
@Isolated("stops, pauses, slows or kills PostgreSQL, Redis or the second node, which every class shares")
class WaitingRoomWithoutPostgresIT {

    /** Longer than the node's readings of the room (1 s) and of its units (250 ms) last: each is asked for again while PostgreSQL is away. */
    private static final Duration PAST_THE_READINGS = Duration.ofMillis(1_500);

    @Test
    void theNodesCountersCountItsRequestsAndTicketsAndPollsGoOnWhilePostgresIsAway() {
        Api shared = new Api(TestServer.url());
        FaultProxy postgres = SecondNode.postgres();
        Api second = new Api(SecondNode.proxied().base());
        try {
            // Only this test talks to the second node while it runs: what its counters moved by is this test's doing.
            Metrics before = Metrics.read(second);
            Metrics sharedBefore = Metrics.read(shared);
            UUID sale = RoomSales.open(shared, Sales.uniqueSku("room-no-pg"), 10, 1, 600, Instant.now().plus(RoomSales.LATER),
                    new RoomSales.Room(100, 10_000, 60, 30));
            List<String> tickets = new ArrayList<>();
            for (int i = 0; i < 3; i++) {
                tickets.add(RoomSales.take(second, sale, "before-" + i).json().getString("ticket"));
            }
            assertEquals(200, RoomSales.take(second, sale, "before-0").status(), "the buyer's own ticket again");
            RoomSales.openNow(shared, sale);
            for (String ticket : tickets) {
                RoomSales.awaitStatus(second, sale, ticket, "ADMITTED");
            }
            Metrics counted = Metrics.read(second);
            assertEquals(3, counted.since(before, "flashsale_room_tickets_total{answer=\"new\"}"));
            assertEquals(1, counted.since(before, "flashsale_room_tickets_total{answer=\"again\"}"));
            assertEquals(3, counted.since(before, "flashsale_room_polls_total{reason=\"none\",status=\"admitted\"}"),
                    "each ticket polled until admitted once");
            assertEquals(1, counted.since(before, "flashsale_room_lotteries_total")
                    + Metrics.read(shared).since(sharedBefore, "flashsale_room_lotteries_total"), "one node drew the room's lottery, once");

            postgres.accept(false);
            assertEquals(503, second.get("health/ready").status(), "the node knows PostgreSQL is away");
            Instant away = Instant.now();
            for (int i = 0; i < 3 || Duration.between(away, Instant.now()).compareTo(PAST_THE_READINGS) < 0; i++) {
                Api.Answer taken = RoomSales.take(second, sale, "during-" + i);
                assertEquals(201, taken.status(), taken.toString());
                JsonObject polled = RoomSales.poll(second, sale, taken.json().getString("ticket"));
                assertTrue(Set.of("WAITING", "ADMITTED").contains(polled.getString("status")), polled.toString());
                JsonObject again = RoomSales.poll(second, sale, tickets.get(i % tickets.size()));
                assertEquals("ADMITTED", again.getString("status"), again.toString());
            }
        } finally {
            postgres.accept(true);
        }
    }
}
