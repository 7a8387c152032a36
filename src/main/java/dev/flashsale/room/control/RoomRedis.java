package dev.flashsale.room.control;

import dev.flashsale.platform.problem.ProblemException;
import dev.flashsale.platform.redis.RedisCall;
import dev.flashsale.platform.redis.RedisClient;
import dev.flashsale.platform.redis.RedisFailures;
import dev.flashsale.platform.redis.RedisScripts;
import dev.flashsale.room.entity.AdmissionClaims;
import dev.flashsale.room.entity.DrawProgress;
import dev.flashsale.room.entity.LotteryPlacing;
import dev.flashsale.room.entity.ReserveRecord;
import dev.flashsale.room.entity.Room;
import dev.flashsale.room.entity.RoomFigures;
import dev.flashsale.room.entity.Stepped;
import dev.flashsale.room.entity.TicketRelease;
import dev.flashsale.room.entity.TokenCheck;
import jakarta.annotation.PostConstruct;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.function.Function;
import java.util.logging.Level;
import java.util.logging.Logger;
import org.eclipse.microprofile.config.inject.ConfigProperty;
import org.eclipse.microprofile.metrics.Counter;
import org.eclipse.microprofile.metrics.MetricRegistry;
import redis.clients.jedis.UnifiedJedis;
import redis.clients.jedis.resps.Tuple;
import redis.clients.jedis.exceptions.JedisException;

/**
 * The room's calls to Redis: its scripts in {@code lua/room_*.lua} ({@link RoomScript}), each
 * answer decoded into the room's typed values ({@link RoomReplies}), and the settings copied in
 * from PostgreSQL. The queue lives only in Redis, so a room cannot
 * answer without it: a failure is logged, counted ({@code flashsale.redis.failures{component="room"}})
 * and answered 503 room-unavailable (with Retry-After).
 */
@ApplicationScoped
public class RoomRedis {

    private static final Logger LOG = Logger.getLogger(RoomRedis.class.getName());

    @Inject
    RedisClient redis;

    @Inject
    RedisScripts scripts;

    @Inject
    MetricRegistry registry;

    @Inject
    @ConfigProperty(name = "flashsale.room.tickets-max")
    long ticketsMax;

    @Inject
    @ConfigProperty(name = "flashsale.room.keys-kept-seconds")
    long keptSeconds;

    /** The most tickets one step of the draw places ({@code lua/room_draw.lua} unpacks them: Lua's stack bounds it). */
    public static final int DRAW_STEP_MAX = 2000;

    private Counter failures;

    @PostConstruct
    void register() {
        failures = RedisFailures.counter(registry, "room");
    }

    /** room_batch.lua's answer to each call, as Jedis read it, and what its round of admission did. */
    record Batched(List<?> answers, Stepped stepped) {
    }

    /**
     * Runs {@code lua/room_batch.lua} for {@code calls} calls (none: a step of admission alone): the
     * script's answer to each, in their order, as Jedis read it (each call decodes its own with
     * {@link RoomReplies}), and what its admission did.
     */
    Batched batch(UUID saleId, List<String> args, int calls) {
        Object reply = run(RoomScript.BATCH, saleId, args);
        return new Batched(RoomReplies.answers(reply, calls), RoomReplies.stepped(reply, calls));
    }

    /** Units that holds of the sale gave back, counted once, by the node that gave them back. */
    public void unitsReturned(UUID saleId, long units) {
        call("units returned", jedis -> jedis.hincrBy(RoomKeys.room(saleId), "unitsReturned", units));
    }

    /** A ticket leaves: the buyer left ({@code revoked} false) or a merchandiser revoked it. */
    public TicketRelease release(UUID saleId, String ticket, boolean revoked) {
        return RoomReplies.release(run(RoomScript.RELEASE, saleId, List.of(ticket, revoked ? "V" : "L")));
    }

    /** Does a well-signed token still admit? If so, its ticket is reserving from now on. */
    public TokenCheck useToken(AdmissionClaims claims) {
        return RoomReplies.tokenCheck(run(RoomScript.USE_TOKEN, claims.saleId(),
                List.of(claims.ticket(), Long.toString(claims.expiresAtMillis()))));
    }

    /**
     * The reserve request of the ticket that {@code claims} admit was answered; {@code reservation}
     * is the idempotency key of the reservation it answered with, null for a refusal.
     */
    public ReserveRecord reserved(AdmissionClaims claims, String reservation) {
        List<String> args = reservation == null ? List.of(claims.ticket()) : List.of(claims.ticket(), reservation);
        return RoomReplies.reserveRecord(run(RoomScript.RESERVED, claims.saleId(), args));
    }

    /** The reservation of idempotency key {@code key} ended: its ticket's place is freed; how many were. */
    public long checkoutEnded(UUID saleId, String key) {
        return RoomReplies.placesFreed(run(RoomScript.CHECKOUT_ENDED, saleId, List.of(key)));
    }

    /**
     * One step of the draw: {@code slice}, the lottery's order from place {@code firstPlace} on,
     * goes in place (a step's worth: {@code lua/room_draw.lua} takes at most {@link #DRAW_STEP_MAX}).
     */
    public DrawProgress placeLottery(UUID saleId, long firstPlace, List<String> slice) {
        if (slice.size() > DRAW_STEP_MAX) {
            throw new IllegalArgumentException("A step of the draw places at most " + DRAW_STEP_MAX + " tickets, not " + slice.size());
        }
        List<String> args = new ArrayList<>(slice.size() + 1);
        args.add(Long.toString(firstPlace));
        args.addAll(slice);
        return RoomReplies.drawProgress(run(RoomScript.DRAW, saleId, args));
    }

    /** Ends the draw of an order of {@code places} tickets, moving at most {@code ticketsMax} unnamed pre-queue tickets. */
    public LotteryPlacing finishLottery(UUID saleId, long places, int ticketsMax) {
        return RoomReplies.drawFinish(run(RoomScript.DRAW_FINISH, saleId, List.of(Long.toString(places), Integer.toString(ticketsMax))));
    }

    private Object run(RoomScript script, UUID saleId, List<String> args) {
        return call(script.file(), jedis -> scripts.runForReply(jedis, script.file(), script.keys(saleId), args));
    }

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
        call("room settings", jedis -> jedis.hset(RoomKeys.room(room.saleId()), settings));
        if (keptSeconds > 0) {
            long expiresAt = Math.max(endsMillis, System.currentTimeMillis()) + keptSeconds * 1000;
            call("room expiry", jedis -> jedis.pexpireAt(RoomKeys.room(room.saleId()), expiresAt));
        }
        // A Redis that restarted empty takes the count of admissions and the room's figures back from PostgreSQL.
        call("room admissions", jedis -> jedis.hsetnx(RoomKeys.room(room.saleId()), "admittedTotal",
                Long.toString(room.recorded().admitted())));
        Map<String, String> figures = room.recorded().redisFields();
        if (!figures.isEmpty()) {
            call("room figures", jedis -> {
                figures.forEach((field, value) -> jedis.hsetnx(RoomKeys.Key.FIGURES.of(room.saleId()), field, value));
                return figures.size();
            });
        }
    }

    /** What the room did as Redis counts it: its tickets, admissions and figures. */
    public RoomFigures figures(UUID saleId) {
        List<String> counts = call("room counter", jedis -> jedis.hmget(RoomKeys.room(saleId), "seq", "admittedTotal"));
        Map<String, String> figures = call("room figures", jedis -> jedis.hgetAll(RoomKeys.Key.FIGURES.of(saleId)));
        return RoomFigures.fromRedis(counts.get(0), counts.get(1), figures);
    }

    /**
     * The pre-queue's tickets in the order they were taken, read {@code pageSize} at a time (a
     * room of a million tickets in one ZRANGE would hold Redis for a good part of a second). Each
     * page starts after the last one's arrival number, so a ticket that leaves meanwhile moves no other.
     */
    public List<String> preQueue(UUID saleId, int pageSize) {
        List<String> tickets = new ArrayList<>();
        String after = "-inf";
        while (true) {
            String from = after;
            List<Tuple> page = call("pre-queue", jedis -> jedis.zrangeByScoreWithScores(RoomKeys.preQueue(saleId), from, "+inf", 0,
                    pageSize));
            page.forEach(ticket -> tickets.add(ticket.getElement()));
            if (page.size() < pageSize) {
                return tickets;
            }
            after = "(" + (long) page.get(page.size() - 1).getScore();
        }
    }

    /** The room's state field {@code field} (0 when unset). */
    public long counter(UUID saleId, String field) {
        String value = call("room counter", jedis -> jedis.hget(RoomKeys.room(saleId), field));
        return value == null ? 0 : Long.parseLong(value);
    }

    /** How many tickets {@code key} (one of the room's sorted sets) holds. */
    public long size(String key) {
        return call("room size", jedis -> jedis.zcard(key));
    }

    private <T> T call(String operation, Function<UnifiedJedis, T> call) {
        try {
            return RedisCall.reported(redis, failures, () -> call.apply(redis.commands()));
        } catch (JedisException e) {
            LOG.log(Level.WARNING, "Waiting room: Redis failed (" + operation + ")", e);
            throw ProblemException.retryLater("room-unavailable", "Waiting room unavailable",
                    "The waiting room cannot be reached just now; ask again in a moment");
        }
    }
}
