package dev.flashsale.room.control;

import dev.flashsale.platform.problem.ProblemException;
import dev.flashsale.platform.redis.RedisCall;
import dev.flashsale.platform.redis.RedisClient;
import dev.flashsale.platform.redis.RedisFailures;
import jakarta.annotation.PostConstruct;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.util.function.Function;
import java.util.logging.Level;
import java.util.logging.Logger;
import org.eclipse.microprofile.metrics.Counter;
import org.eclipse.microprofile.metrics.MetricRegistry;
import redis.clients.jedis.UnifiedJedis;
import redis.clients.jedis.exceptions.JedisException;

/**
 * The room's policy for a Redis call that fails: the queue lives only in Redis, so a room cannot
 * answer without it. A failure is logged, counted ({@code flashsale.redis.failures{component="room"}})
 * and answered 503 room-unavailable (with Retry-After). {@link RoomRedis} and {@link RoomState}
 * call through it.
 */
@ApplicationScoped
public class RoomRedisCalls {

    private static final Logger LOG = Logger.getLogger(RoomRedisCalls.class.getName());

    @Inject
    RedisClient redis;

    @Inject
    MetricRegistry registry;

    private Counter failures;

    @PostConstruct
    void register() {
        failures = RedisFailures.counter(registry, "room");
    }

    /** {@code call} on Redis; {@code operation} names it in the log when it fails. */
    <T> T call(String operation, Function<UnifiedJedis, T> call) {
        try {
            return RedisCall.reported(redis, failures, () -> call.apply(redis.commands()));
        } catch (JedisException e) {
            LOG.log(Level.WARNING, "Waiting room: Redis failed (" + operation + ")", e);
            throw ProblemException.retryLater("room-unavailable", "Waiting room unavailable",
                    "The waiting room cannot be reached just now; ask again in a moment");
        }
    }
}
