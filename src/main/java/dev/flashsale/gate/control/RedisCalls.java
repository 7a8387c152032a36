package dev.flashsale.gate.control;

import dev.flashsale.platform.redis.RedisClient;
import dev.flashsale.platform.redis.RedisCall;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.util.Optional;
import java.util.function.Consumer;
import java.util.function.Function;
import redis.clients.jedis.UnifiedJedis;
import redis.clients.jedis.exceptions.JedisException;

/**
 * Every call to Redis goes through here, on the application's one client (a single server or a
 * cluster), whose timeouts bound both the wait for a connection and each command. A Redis
 * failure is never swallowed: it is reported to {@link GateHealth} (counted, logged, gate closed)
 * and the caller gets its fail-open answer.
 */
@ApplicationScoped
public class RedisCalls {

    @Inject
    RedisClient redis;

    @Inject
    GateHealth health;

    /** @return the call's answer, or empty when Redis failed (reported as {@code operation}) */
    public <T> Optional<T> call(String operation, Function<UnifiedJedis, T> call) {
        try {
            return Optional.of(callOrThrow(call));
        } catch (JedisException e) {
            health.failed(operation, e);
            return Optional.empty();
        }
    }

    /** @return false when Redis failed (reported as {@code operation}) */
    public boolean run(String operation, Consumer<UnifiedJedis> call) {
        return call(operation, jedis -> {
            call.accept(jedis);
            return true;
        }).isPresent();
    }

    /**
     * For a caller that must know a Redis failure and deals with it itself (the recovery that
     * opens a closed gate, a rebuild after commit): the failure propagates, not reported.
     */
    public <T> T callOrThrow(Function<UnifiedJedis, T> call) {
        // GateHealth counts the gate's failures, with the operation that failed.
        return RedisCall.reported(redis, null, () -> call.apply(redis.commands()));
    }
}
