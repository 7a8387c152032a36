package dev.flashsale.platform.redis;

import java.util.function.Supplier;
import org.eclipse.microprofile.metrics.Counter;
import redis.clients.jedis.exceptions.JedisException;

/**
 * What every component does alike when Redis fails one of its calls: the failure is counted on the
 * component's metric ({@link RedisFailures#counter}), and when Redis is unreachable the client's
 * idle connections are dropped, being as dead as the one that failed. The failure then goes on to
 * the caller: what to answer (open on failure, 503, a node's own memory) is each component's policy.
 */
public final class RedisCall {

    private RedisCall() {
    }

    /** @param failures the component's failure counter; null when the component counts its failures itself */
    public static <T> T reported(RedisClient redis, Counter failures, Supplier<T> call) {
        try {
            return call.get();
        } catch (JedisException failed) {
            if (failures != null) {
                failures.inc();
            }
            if (RedisFailures.unreachable(failed)) {
                redis.dropIdle();
            }
            throw failed;
        }
    }
}
