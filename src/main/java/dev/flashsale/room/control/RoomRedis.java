package dev.flashsale.room.control;

import dev.flashsale.platform.problem.ProblemException;
import dev.flashsale.platform.redis.RedisClient;
import dev.flashsale.platform.redis.RedisFailures;
import dev.flashsale.platform.redis.RedisScripts;
import dev.flashsale.room.entity.Room;
import jakarta.annotation.PostConstruct;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.function.Function;
import java.util.logging.Level;
import java.util.logging.Logger;
import org.eclipse.microprofile.metrics.Counter;
import org.eclipse.microprofile.metrics.MetricRegistry;
import redis.clients.jedis.UnifiedJedis;
import redis.clients.jedis.exceptions.JedisException;

/**
 * The room's calls to Redis: its scripts in {@code lua/room_*.lua}, each on the sale's eleven keys,
 * and the settings copied in from PostgreSQL. The queue lives only in Redis, so a room cannot
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

    private Counter failures;

    @PostConstruct
    void register() {
        failures = RedisFailures.counter(registry, "room");
    }

    /** Runs {@code lua/<script>.lua} on the sale's keys; its answer as a list (a lone integer as a list of one). */
    public List<Object> run(String script, UUID saleId, List<String> args) {
        return listOf(call(script, jedis -> scripts.runForReply(jedis, script, RoomKeys.all(saleId), args)));
    }

    /** Runs {@code lua/room_batch.lua} on the sale's keys: one answer for each call in {@code args}, each as a list. */
    public List<List<Object>> batch(UUID saleId, List<String> args) {
        Object reply = call("room_batch", jedis -> scripts.runForReply(jedis, "room_batch", RoomKeys.all(saleId), args));
        List<List<Object>> answers = new ArrayList<>();
        ((List<?>) reply).forEach(answer -> answers.add(listOf(answer)));
        return answers;
    }

    private static List<Object> listOf(Object reply) {
        List<Object> answer = new ArrayList<>();
        if (reply instanceof List<?> list) {
            list.forEach(element -> answer.add(element instanceof byte[] bytes ? new String(bytes, StandardCharsets.UTF_8) : element));
        } else {
            answer.add(reply);
        }
        return answer;
    }

    /**
     * Copies the room's settings into Redis, leaving its state (queue, admissions, lottery) as it
     * is; a room Redis lost gets its count of admissions back.
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
        call("room settings", jedis -> jedis.hset(RoomKeys.room(room.saleId()), settings));
        // A Redis that restarted empty takes the count of admissions back from PostgreSQL.
        call("room admissions", jedis -> jedis.hsetnx(RoomKeys.room(room.saleId()), "admittedTotal",
                Long.toString(room.admittedTotal())));
    }

    /** The pre-queue's tickets in the order they were taken. */
    public List<String> preQueue(UUID saleId) {
        return call("pre-queue", jedis -> jedis.zrange(RoomKeys.preQueue(saleId), 0, -1));
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
            return call.apply(redis.commands());
        } catch (JedisException e) {
            failures.inc();
            if (RedisFailures.unreachable(e)) {
                redis.dropIdle();
            }
            LOG.log(Level.WARNING, "Waiting room: Redis failed (" + operation + ")", e);
            throw ProblemException.retryLater("room-unavailable", "Waiting room unavailable",
                    "The waiting room cannot be reached just now; ask again in a moment");
        }
    }
}
