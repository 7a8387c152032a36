package dev.flashsale.security;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import dev.flashsale.testsupport.Api;
import dev.flashsale.testsupport.RoomSales;
import dev.flashsale.testsupport.Sales;
import dev.flashsale.testsupport.TestServer;
import jakarta.json.JsonObject;
import jakarta.json.JsonString;
import java.security.MessageDigest;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * The lottery's public record names no ticket (a ticket is all that polling, which hands out the
 * admission token, and leaving take): it lists the SHA-256 of each pre-queue ticket, each buyer
 * finds its own there, and anyone recomputes the order from the record alone. Failed before the
 * change: the record listed the tickets, and a ticket copied from it left its owner's place (204,
 * the owner's next poll said LEFT).
 */
@Tag("security")
class LotteryRecordIT {

    private static final HexFormat HEX = HexFormat.of();

    private final Api api = new Api(TestServer.url());

    @Test
    void theLotteryRecordPublishesCommitmentsThatNobodyCanActOn() throws Exception {
        UUID sale = RoomSales.open(api, Sales.uniqueSku("lottery-secret"), 10, 1, 600, Instant.now().plus(RoomSales.LATER),
                new RoomSales.Room(1, 100, 60, 60));
        List<String> tickets = new ArrayList<>();
        for (String buyer : List.of("alpha", "bravo", "charlie")) {
            tickets.add(RoomSales.take(api, sale, buyer).json().getString("ticket"));
        }
        RoomSales.openNow(api, sale);
        // A poll draws the lottery, or waits a little for the draw another call began (a busy machine's draw may take longer).
        RoomSales.awaitPoll(api, sale, tickets.get(0), "past the lottery", answer -> !"LOTTERY_PENDING".equals(answer.getString("reason", "")));
        Api.Answer record = api.get("api/sales/" + sale + "/queue/lottery");
        assertEquals(200, record.status(), record.toString());
        JsonObject lottery = record.json();
        // What an attacker does with the record: leave, or poll for the token, with every entry it lists.
        for (String published : strings(lottery, "order")) {
            Api.Answer left = api.delete("api/sales/" + sale + "/queue/" + published);
            assertEquals(404, left.status(), "leaving with " + published + " from the record: " + left);
            assertEquals(404, api.get("api/sales/" + sale + "/queue/" + published).status(), "polling with " + published);
        }
        for (String ticket : tickets) {
            assertNotEquals("LEFT", RoomSales.poll(api, sale, ticket).getString("status"), "ticket " + ticket);
            assertFalse(record.body().contains(ticket), "the record names ticket " + ticket + ": " + record.body());
        }

        List<String> commitments = strings(lottery, "commitments");
        assertEquals(tickets.stream().map(RoomSales::commitment).toList(), commitments,
                "each buyer finds the SHA-256 of its own ticket, in the order they were taken");
        byte[] seed = HEX.parseHex(lottery.getString("seed"));
        assertEquals(lottery.getString("seedHash"), HEX.formatHex(MessageDigest.getInstance("SHA-256").digest(seed)));
        assertEquals(RoomSales.recomputedOrder(seed, commitments), strings(lottery, "order"), "the order recomputed from the record alone");
    }

    private static List<String> strings(JsonObject json, String name) {
        return json.getJsonArray(name).getValuesAs(JsonString.class).stream().map(JsonString::getString).toList();
    }
}
