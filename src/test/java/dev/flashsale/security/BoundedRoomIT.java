package dev.flashsale.security;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.flashsale.platform.id.SaleId;
import dev.flashsale.room.control.RoomKeys;
import dev.flashsale.testsupport.Api;
import dev.flashsale.testsupport.RoomSales;
import dev.flashsale.testsupport.Sales;
import dev.flashsale.testsupport.TestRedis;
import dev.flashsale.testsupport.TestServer;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import redis.clients.jedis.Jedis;

/**
 * A room's footprint in Redis is bounded: its keys expire a day (the default of
 * {@code flashsale.room.keys-kept-seconds}) after the sale ends, and it takes no more
 * tickets than its bound, refusing the next with 409 {@code queue-full} and changing nothing.
 * Failed before the change: the keys had no expiry (PTTL -1), and a room took any number of tickets.
 */
@Tag("security")
class BoundedRoomIT {

    private static final Duration KEPT_AFTER_END = Duration.ofDays(1);

    private final Api api = new Api(TestServer.url());

    @Test
    void aRoomsKeysExpireADayAfterTheSaleEnds() {
        Instant opensAt = Instant.now().plus(RoomSales.LATER).truncatedTo(ChronoUnit.SECONDS);
        Instant endsAt = opensAt.plus(Duration.ofHours(2));
        UUID sale = RoomSales.open(api, Sales.uniqueSku("room-ttl"), 10, 1, 600, opensAt, endsAt, new RoomSales.Room(1, 100, 60, 60));
        RoomSales.take(api, sale, "early-bird");
        long expected = Duration.between(Instant.now(), endsAt.plus(KEPT_AFTER_END)).toMillis();
        try (Jedis redis = TestRedis.client()) {
            List<String> present = RoomKeys.all(new SaleId(sale)).stream().filter(key -> redis.exists(key)).toList();
            assertTrue(present.size() >= 5, "the room, its tickets, owners, pre-queue and states: " + present);
            for (String key : present) {
                long ttl = redis.pttl(key);
                assertTrue(ttl > expected - 120_000 && ttl <= expected + 1_000, key + " expires in " + ttl + " ms, not about "
                        + expected + " (a day after the sale's end)");
            }
        }
    }

    /**
     * The bound is the setting {@code flashsale.room.tickets-max} (a million), which each room
     * carries into Redis with its settings (the {@code ticketsMax} field of its hash), where the
     * script that takes tickets reads it: this room's is lowered there to two.
     */
    @Test
    void aRoomAtItsBoundOfTicketsRefusesTheNextAndChangesNothing() {
        UUID sale = RoomSales.open(api, Sales.uniqueSku("room-bound"), 10, 1, 600, Instant.now().plus(RoomSales.LATER),
                new RoomSales.Room(1, 100, 60, 60));
        String first = RoomSales.take(api, sale, "first").json().getString("ticket");
        try (Jedis redis = TestRedis.client()) {
            redis.hset(RoomKeys.room(new SaleId(sale)), "ticketsMax", "2");
        }
        assertEquals(201, RoomSales.take(api, sale, "second").status());

        Api.Answer third = api.post("api/sales/" + sale + "/queue", "{\"buyerId\":\"third\"}");
        assertEquals(409, third.status(), third.toString());
        assertEquals("queue-full", third.problemType(), third.toString());
        Api.Answer again = RoomSales.take(api, sale, "first");
        assertEquals(200, again.status(), "a buyer's own ticket is still answered: " + again);
        assertEquals(first, again.json().getString("ticket"));
        try (Jedis redis = TestRedis.client()) {
            assertEquals(2, redis.hlen(RoomKeys.Key.TICKETS.of(new SaleId(sale))), "no third ticket");
            assertEquals(2, redis.zcard(RoomKeys.preQueue(new SaleId(sale))), "nobody else in the pre-queue");
        }
    }
}
