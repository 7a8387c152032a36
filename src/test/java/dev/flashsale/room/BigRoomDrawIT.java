package dev.flashsale.room;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.flashsale.platform.id.SaleId;
import dev.flashsale.room.control.RoomKeys;
import dev.flashsale.testsupport.Api;
import dev.flashsale.testsupport.Db;
import dev.flashsale.testsupport.RoomSales;
import dev.flashsale.testsupport.Sales;
import dev.flashsale.testsupport.TestRedis;
import dev.flashsale.testsupport.TestServer;
import jakarta.json.Json;
import jakarta.json.JsonObject;
import jakarta.json.JsonReader;
import jakarta.json.JsonReaderFactory;
import jakarta.json.JsonString;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.Reader;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.zip.GZIPInputStream;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.parallel.Isolated;
import redis.clients.jedis.Jedis;
import redis.clients.jedis.Pipeline;
import redis.clients.jedis.resps.Slowlog;

/**
 * A big room at its opening second: 200,000 tickets in the pre-queue (loaded straight into Redis,
 * as the room's script would have taken them) are drawn in steps, none of which holds Redis for
 * more than 20 ms (Redis' own slow log says so), while a buyer polling meanwhile is told to keep
 * waiting (200, never 503); the record served is the one stored with the draw, byte for byte, and
 * its order is the lottery recomputed from its seed.
 */
@Tag("room")
@Isolated("reads Redis's slow log, which no other command may enter")
class BigRoomDrawIT {

    private static final int LOADED = 200_000;
    /**
     * The bound a draw's step must keep whatever the room's size: well under the Redis client's
     * timeout (flashsale.redis.timeout-ms, 250 ms), past which a node's call would fail and its
     * buyer be answered 503. The whole draw of this room in one script took seconds; a step takes
     * a few milliseconds on a quiet machine (docs/benchmarks.md), tens on a loaded one.
     */
    private static final long STEP_MICROS_MAX = 125_000;

    private static final JsonReaderFactory READERS = Json.createReaderFactory(Map.of("org.eclipse.parsson.maxParsingLimit",
            100_000_000L));

    private final Api api = new Api(TestServer.url());

    @Test
    void aRoomOf200000TicketsIsDrawnInShortStepsAndItsRecordIsServedAsStored() throws Exception {
        UUID sale = RoomSales.open(api, Sales.uniqueSku("big-room"), 10, 1, 600, Instant.now().plus(RoomSales.LATER),
                new RoomSales.Room(10, 100, 60, 600));
        List<String> taken = new ArrayList<>();
        for (String buyer : List.of("first", "second")) {
            taken.add(RoomSales.take(api, sale, buyer).json().getString("ticket"));
        }
        List<String> tickets = new ArrayList<>(taken);
        tickets.addAll(load(sale, taken.size()));

        try (Jedis redis = TestRedis.client()) {
            redis.configSet("slowlog-log-slower-than", "1000");
            redis.configSet("slowlog-max-len", "10000");
            redis.slowlogReset();
            RoomSales.openNow(api, sale);

            JsonObject first = RoomSales.poll(api, sale, taken.get(0));
            assertEquals("LOTTERY_PENDING", first.getString("reason"), "told to keep waiting while the draw runs: " + first);
            JsonObject placed = await("the draw ends").atMost(RoomSales.PATIENCE).pollInterval(Duration.ofMillis(100))
                    .until(() -> pollAnswered200(sale, taken.get(1)), answer -> !"LOTTERY_PENDING".equals(answer.getString("reason", "")));
            assertTrue(placed.containsKey("position") || "ADMITTED".equals(placed.getString("status")), placed.toString());
            assertEquals("1", redis.hget(RoomKeys.room(new SaleId(sale)), "drawn"));
            // Drawn at the first attempt: the draw runs off the poll that started it, and nothing of that
            // poll's request (its entity manager) is shared with it (platform/concurrent/Detached).
            String log = Files.readString(TestServer.logFile(), StandardCharsets.ISO_8859_1);
            assertFalse(log.contains("Lottery of sale " + sale + " not drawn"), "the draw failed and was tried again: see "
                    + TestServer.logFile());

            List<Slowlog> slow = redis.slowlogGet(10_000);
            long longest = slow.stream().mapToLong(Slowlog::getExecutionTime).max().orElse(0);
            assertTrue(longest <= STEP_MICROS_MAX, "the longest Redis call took " + longest + " µs: " + slow.stream()
                    .filter(entry -> entry.getExecutionTime() > STEP_MICROS_MAX).map(entry -> entry.getArgs().stream().limit(2).toList())
                    .toList());
            redis.configSet("slowlog-log-slower-than", "10000");

            HttpResponse<byte[]> gzipped = api.getBytes("api/sales/" + sale + "/queue/lottery", "Accept-Encoding", "gzip");
            assertEquals(200, gzipped.statusCode());
            assertEquals("gzip", gzipped.headers().firstValue("Content-Encoding").orElse(""));
            assertArrayEquals(storedRecord(sale), gzipped.body(), "the record as stored with the draw, not made anew");
            assertArrayEquals(gzipped.body(), api.getBytes("api/sales/" + sale + "/queue/lottery", "Accept-Encoding", "gzip").body(),
                    "read again: the same bytes");

            JsonObject record = json(gzipped.body());
            List<String> commitments = strings(record, "commitments");
            assertEquals(tickets.stream().map(RoomSales::commitment).toList(), commitments, "every ticket, in the order taken");
            byte[] seed = HexFormat.of().parseHex(record.getString("seed"));
            List<String> order = strings(record, "order");
            assertEquals(RoomSales.recomputedOrder(seed, commitments), order, "the lottery recomputed from the seed");
            // The room admits from the head of the queue as soon as the draw ends: up to its 10 units
            // may have left the queue before it is read here.
            List<String> queued = redis.zrange(RoomKeys.queue(new SaleId(sale)), 0, 999).stream().map(RoomSales::commitment).toList();
            int admitted = order.indexOf(queued.get(0));
            assertTrue(admitted >= 0 && admitted <= 10, "at most the room's first admissions left the queue: " + admitted);
            assertEquals(order.subList(admitted, admitted + 1000), queued, "the queue's first thousand places are the lottery's");

            HttpResponse<byte[]> plain = api.getBytes("api/sales/" + sale + "/queue/lottery");
            assertEquals(200, plain.statusCode());
            assertTrue(plain.headers().firstValue("Content-Encoding").isEmpty(), "no gzip to a client that did not ask");
            assertEquals(record, json(new InputStreamReader(new ByteArrayInputStream(plain.body()), StandardCharsets.UTF_8)));
        } finally {
            try (Jedis redis = TestRedis.client()) {
                RoomKeys.all(new SaleId(sale)).forEach(redis::unlink);
            }
        }
    }

    /** A poll, which must be answered 200 whatever the draw is doing. */
    private JsonObject pollAnswered200(UUID sale, String ticket) {
        Api.Answer answer = api.get("api/sales/" + sale + "/queue/" + ticket);
        assertEquals(200, answer.status(), answer.toString());
        return answer.json();
    }

    /** Tickets put in the pre-queue as lua/room_batch.lua takes them, in one pipeline: @return them, in arrival order */
    private static List<String> load(UUID sale, int takenBefore) {
        List<String> loaded = new ArrayList<>(LOADED);
        try (Jedis redis = TestRedis.client(); Pipeline pipeline = redis.pipelined()) {
            for (int i = 1; i <= LOADED; i++) {
                String ticket = "t_loaded-" + sale.toString().substring(0, 8) + "-" + i;
                String buyer = "loaded-" + i;
                pipeline.zadd(RoomKeys.preQueue(new SaleId(sale)), takenBefore + i, ticket);
                pipeline.hset(RoomKeys.Key.STATE.of(new SaleId(sale)), ticket, "W");
                pipeline.hset(RoomKeys.Key.TICKETS.of(new SaleId(sale)), buyer, ticket);
                pipeline.hset(RoomKeys.Key.OWNERS.of(new SaleId(sale)), ticket, buyer);
                loaded.add(ticket);
            }
            pipeline.hset(RoomKeys.room(new SaleId(sale)), Map.of("seq", Integer.toString(takenBefore + LOADED)));
            pipeline.sync();
        }
        return loaded;
    }

    private static byte[] storedRecord(UUID sale) throws SQLException {
        try (Connection db = Db.connect();
             PreparedStatement read = db.prepareStatement("SELECT lottery_record FROM sale_room WHERE sale_id = ?::uuid")) {
            read.setString(1, sale.toString());
            try (ResultSet row = read.executeQuery()) {
                assertTrue(row.next());
                return row.getBytes(1);
            }
        }
    }

    private static JsonObject json(byte[] gzip) throws IOException {
        return json(new InputStreamReader(new GZIPInputStream(new ByteArrayInputStream(gzip)), StandardCharsets.UTF_8));
    }

    /** A record of 200,000 tickets is more values than the JSON reader parses by default. */
    private static JsonObject json(Reader json) {
        try (JsonReader reader = READERS.createReader(json)) {
            return reader.readObject();
        }
    }

    private static List<String> strings(JsonObject json, String name) {
        return json.getJsonArray(name).getValuesAs(JsonString.class).stream().map(JsonString::getString).toList();
    }
}
