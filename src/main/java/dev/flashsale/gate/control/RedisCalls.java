package dev.flashsale.gate.control;

import dev.flashsale.platform.redis.RedisPool;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.util.Optional;
import java.util.function.Consumer;
import java.util.function.Function;
import redis.clients.jedis.Jedis;
import redis.clients.jedis.exceptions.JedisConnectionException;
import redis.clients.jedis.exceptions.JedisException;

/**
 * Every call to Redis goes through here: a connection is borrowed from the pool for the call
 * alone and given back when it ends, and the pool's timeouts bound both the wait for a
 * connection and each command. A Redis failure is never swallowed: it is reported to
 * {@link GateHealth} (counted, logged, gate closed) and the caller gets its fail-open answer.
 */
@ApplicationScoped
public class RedisCalls {

    @Inject
    RedisPool pool;

    @Inject
    GateHealth health;

    /** @return the call's answer, or empty when Redis failed (reported as {@code operation}) */
    public <T> Optional<T> call(String operation, Function<Jedis, T> call) {
        try (Jedis jedis = pool.borrow()) {
            return Optional.of(call.apply(jedis));
        } catch (JedisException e) {
            dropIdleAfterConnectionFailure(e);
            health.failed(operation, e);
            return Optional.empty();
        }
    }

    /** @return false when Redis failed (reported as {@code operation}) */
    public boolean run(String operation, Consumer<Jedis> call) {
        return call(operation, jedis -> {
            call.accept(jedis);
            return true;
        }).isPresent();
    }

    /**
     * For a caller that must know a Redis failure and deals with it itself (the recovery that
     * opens a closed gate, a rebuild after commit): the failure propagates, not reported.
     */
    public <T> T callOrThrow(Function<Jedis, T> call) {
        try (Jedis jedis = pool.borrow()) {
            return call.apply(jedis);
        } catch (JedisException e) {
            dropIdleAfterConnectionFailure(e);
            throw e;
        }
    }

    private void dropIdleAfterConnectionFailure(JedisException failure) {
        if (failure instanceof JedisConnectionException) {
            pool.dropIdle();
        }
    }
}
