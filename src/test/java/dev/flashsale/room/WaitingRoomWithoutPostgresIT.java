package dev.flashsale.room;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.flashsale.testsupport.Api;
import dev.flashsale.testsupport.FaultProxy;
import dev.flashsale.testsupport.Metrics;
import dev.flashsale.testsupport.RoomSales;
import dev.flashsale.testsupport.Sales;
import dev.flashsale.testsupport.TestServer;
import jakarta.json.JsonObject;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * A second server beside the tests' own, which only this test talks to: its counters of tickets,
 * polls and lotteries count this test's requests alone; and tickets and polls answer from Redis
 * and the node's memory, never from a PostgreSQL transaction: when its PostgreSQL goes away (its
 * connection refused, through a proxy that stops listening) it goes on taking tickets and
 * answering polls, with the room's settings and the units it read last.
 */
class WaitingRoomWithoutPostgresIT {

    @Test
    void theNodesCountersCountItsRequestsAndTicketsAndPollsGoOnWhilePostgresIsAway() throws Exception {
        Api shared = new Api(TestServer.url());
        FaultProxy postgres = FaultProxy.to("127.0.0.1", postgresPort());
        String url = System.getProperty("it.db.url").replaceFirst("//[^/]+/", "//127.0.0.1:" + postgres.port() + "/");
        // The node reads the room's settings and its units again for every request, so that each
        // ticket and poll below asks a PostgreSQL that is away, and answers all the same.
        Map<String, String> settings = Map.of("flashsale.db.url", url, "flashsale.room.directory-refresh-ms", "0",
                "flashsale.room.stock-refresh-ms", "0");
        try (TestServer secondServer = TestServer.another("room-no-postgres", settings)) {
            Api second = new Api(secondServer.base());
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
            assertEquals(3, counted.valueOrZero("flashsale_room_tickets_total{answer=\"new\"}"));
            assertEquals(1, counted.valueOrZero("flashsale_room_tickets_total{answer=\"again\"}"));
            assertEquals(3, counted.valueOrZero("flashsale_room_polls_total{reason=\"none\",status=\"admitted\"}"),
                    "each ticket polled until admitted once");
            assertEquals(1, counted.valueOrZero("flashsale_room_lotteries_total"), "this node drew the room's lottery");

            postgres.close();
            assertEquals(503, second.get("health/ready").status(), "the node knows PostgreSQL is away");
            for (int i = 0; i < 3; i++) {
                Api.Answer taken = RoomSales.take(second, sale, "during-" + i);
                assertEquals(201, taken.status(), taken.toString());
                JsonObject polled = RoomSales.poll(second, sale, taken.json().getString("ticket"));
                assertTrue(Set.of("WAITING", "ADMITTED").contains(polled.getString("status")), polled.toString());
                JsonObject again = RoomSales.poll(second, sale, tickets.get(i));
                assertEquals("ADMITTED", again.getString("status"), again.toString());
            }
        } finally {
            postgres.close();
        }
    }

    private static int postgresPort() {
        Matcher hostPort = Pattern.compile("//[^/:]+:(\\d+)/").matcher(System.getProperty("it.db.url"));
        return hostPort.find() ? Integer.parseInt(hostPort.group(1)) : 5432;
    }
}
