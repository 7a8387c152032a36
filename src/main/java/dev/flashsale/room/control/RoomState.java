package dev.flashsale.room.control;

import dev.flashsale.platform.id.SaleId;
import dev.flashsale.room.entity.Room;
import dev.flashsale.room.entity.RoomFigures;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.eclipse.microprofile.config.inject.ConfigProperty;
import redis.clients.jedis.resps.Tuple;

/**
 * A room's settings, counts and figures in Redis, outside its scripts: the settings copied in from
 * PostgreSQL (with the counts a Redis that lost them takes back), the figures the report reads,
 * the pre-queue read page by page for the draw, and the sizes and counters the console and the
 * gauges show; a failure as {@link RoomRedisCalls} answers it.
 */
@ApplicationScoped
public class RoomState {

    @Inject
    RoomRedisCalls calls;

    @Inject
    @ConfigProperty(name = "flashsale.room.tickets-max")
    long ticketsMax;

    @Inject
    @ConfigProperty(name = "flashsale.room.keys-kept-seconds")
    long keptSeconds;

    /**
     * Copies the room's settings into Redis, leaving its state (queue, admissions, lottery) as it
     * is; a room Redis lost gets its count of admissions back. With them go the room's bounds: its
     * most tickets, and when its keys expire ({@code lua/room_batch.lua} keeps every key to it).
     */
    public void configure(Room room) {
        Map<String, String> settings = new LinkedHashMap<>();
        settings.put("enabled", room.enabled() ? "1" : "0");
        settings.put("paused", room.paused() ? "1" : "0");
        settings.put("rate", Integer.toString(room.admissionPerSecond()));
        settings.put("maxActive", Integer.toString(room.maxActive()));
        settings.put("tokenMs", Long.toString(room.tokenSeconds() * 1000L));
        settings.put("missMs", Long.toString(room.missedPollSeconds() * 1000L));
        settings.put("preOpensMs", Long.toString(room.preQueueOpensAt() == null ? 0 : room.preQueueOpensAt().toEpochMilli()));
        settings.put("opensMs", Long.toString(room.opensAt() == null ? 0 : room.opensAt().toEpochMilli()));
        long endsMillis = room.endsAt() == null ? 0 : room.endsAt().toEpochMilli();
        settings.put("ticketsMax", Long.toString(ticketsMax));
        settings.put("endsMs", Long.toString(endsMillis));
        settings.put("keptMs", Long.toString(keptSeconds * 1000));
        calls.call("room settings", jedis -> jedis.hset(RoomKeys.room(room.saleId()), settings));
        if (keptSeconds > 0) {
            long expiresAt = Math.max(endsMillis, System.currentTimeMillis()) + keptSeconds * 1000;
            calls.call("room expiry", jedis -> jedis.pexpireAt(RoomKeys.room(room.saleId()), expiresAt));
        }
        // A Redis that restarted empty takes the count of admissions and the room's figures back from PostgreSQL.
        calls.call("room admissions", jedis -> jedis.hsetnx(RoomKeys.room(room.saleId()), "admittedTotal",
                Long.toString(room.recorded().admitted())));
        Map<String, String> figures = room.recorded().redisFields();
        if (!figures.isEmpty()) {
            calls.call("room figures", jedis -> {
                figures.forEach((field, value) -> jedis.hsetnx(RoomKeys.Key.FIGURES.of(room.saleId()), field, value));
                return figures.size();
            });
        }
    }

    /** What the room did as Redis counts it: its tickets, admissions and figures. */
    public RoomFigures figures(SaleId saleId) {
        List<String> counts = calls.call("room counter", jedis -> jedis.hmget(RoomKeys.room(saleId), "seq", "admittedTotal"));
        Map<String, String> figures = calls.call("room figures", jedis -> jedis.hgetAll(RoomKeys.Key.FIGURES.of(saleId)));
        return RoomFigures.fromRedis(counts.get(0), counts.get(1), figures);
    }

    /**
     * The pre-queue's tickets in the order they were taken, read {@code pageSize} at a time (a
     * room of a million tickets in one ZRANGE would hold Redis for a good part of a second). Each
     * page starts after the last one's arrival number, so a ticket that leaves meanwhile moves no other.
     */
    public List<String> preQueue(SaleId saleId, int pageSize) {
        List<String> tickets = new ArrayList<>();
        String after = "-inf";
        while (true) {
            String from = after;
            List<Tuple> page = calls.call("pre-queue", jedis -> jedis.zrangeByScoreWithScores(RoomKeys.preQueue(saleId), from, "+inf", 0,
                    pageSize));
            page.forEach(ticket -> tickets.add(ticket.getElement()));
            if (page.size() < pageSize) {
                return tickets;
            }
            after = "(" + (long) page.get(page.size() - 1).getScore();
        }
    }

    /** The room's state field {@code field} (0 when unset). */
    public long counter(SaleId saleId, String field) {
        String value = calls.call("room counter", jedis -> jedis.hget(RoomKeys.room(saleId), field));
        return value == null ? 0 : Long.parseLong(value);
    }

    /** How many tickets {@code key} (one of the room's sorted sets) holds. */
    public long size(String key) {
        return calls.call("room size", jedis -> jedis.zcard(key));
    }

}
