package dev.flashsale.room.control;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.flashsale.platform.id.SaleId;
import dev.flashsale.room.entity.LotteryRecord;
import jakarta.json.Json;
import jakarta.json.JsonObject;
import jakarta.json.JsonReader;
import jakarta.json.JsonString;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStreamReader;
import java.lang.reflect.RecordComponent;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.List;
import java.util.UUID;
import java.util.stream.Stream;
import java.util.zip.GZIPInputStream;
import org.junit.jupiter.api.Test;

/** The stored record, inflated, is the JSON docs/api.md and the OpenAPI document describe: every field, commitments in both orders. */
class LotteryRecordJsonTest {

    @Test
    void theRecordNamesEachTicketByItsCommitmentTakenOrderThenLotteryOrder() throws IOException {
        UUID sale = UUID.randomUUID();
        byte[] seed = Lottery.newSeed();
        List<String> tickets = List.of("t_a", "t_b", "t_c", "t_d");
        List<String> order = Lottery.order(seed, tickets);
        Instant drawnAt = Instant.parse("2026-12-05T10:00:00.123456Z");

        JsonObject record = inflate(LotteryRecordJson.gzip(new SaleId(sale), seed, Lottery.seedHash(seed), drawnAt, tickets, order));

        // The fields, in order, of the record the OpenAPI document describes it by.
        assertEquals(Stream.of(LotteryRecord.class.getRecordComponents()).map(RecordComponent::getName).toList(),
                List.copyOf(record.keySet()));
        assertEquals(sale.toString(), record.getString("saleId"));
        assertEquals(Lottery.ALGORITHM, record.getString("algorithm"));
        assertEquals(Lottery.seedHash(seed), record.getString("seedHash"));
        assertEquals(Lottery.hex(seed), record.getString("seed"));
        assertEquals("2026-12-05T10:00:00.123456Z", record.getString("drawnAt"));
        assertEquals(tickets.stream().map(Lottery::commitment).toList(), strings(record, "commitments"));
        assertEquals(order.stream().map(Lottery::commitment).toList(), strings(record, "order"));
    }

    @Test
    void anEmptyPreQueueHasAnEmptyRecord() throws IOException {
        byte[] seed = Lottery.newSeed();
        JsonObject record = inflate(LotteryRecordJson.gzip(new SaleId(UUID.randomUUID()), seed, Lottery.seedHash(seed), Instant.now(), List.of(),
                List.of()));
        assertEquals(List.of(), strings(record, "commitments"));
        assertEquals(List.of(), strings(record, "order"));
    }

    private static JsonObject inflate(byte[] gzip) throws IOException {
        try (JsonReader reader = Json.createReader(new InputStreamReader(new GZIPInputStream(new ByteArrayInputStream(gzip)),
                StandardCharsets.UTF_8))) {
            return reader.readObject();
        }
    }

    private static List<String> strings(JsonObject json, String name) {
        return json.getJsonArray(name).getValuesAs(JsonString.class).stream().map(JsonString::getString).toList();
    }
}
