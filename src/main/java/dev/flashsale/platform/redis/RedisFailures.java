package dev.flashsale.platform.redis;

import dev.flashsale.platform.Causes;
import java.util.stream.Stream;
import org.eclipse.microprofile.metrics.Counter;
import org.eclipse.microprofile.metrics.Metadata;
import org.eclipse.microprofile.metrics.MetricRegistry;
import org.eclipse.microprofile.metrics.Tag;
import redis.clients.jedis.exceptions.JedisBroadcastException;
import redis.clients.jedis.exceptions.JedisClusterException;
import redis.clients.jedis.exceptions.JedisClusterOperationException;
import redis.clients.jedis.exceptions.JedisConnectionException;
import redis.clients.jedis.exceptions.JedisRedirectionException;

/**
 * Which Redis failures mean "Redis is away" (expected in an outage, worth one warning) rather than
 * "Redis refused what we sent" (a bug or a misconfiguration, worth an error every time); and the
 * one metric every component that talks to Redis counts its failures in, tagged by component.
 */
public final class RedisFailures {

    /** Thrown after connection failures when the retries' time ran out, sometimes without a cause. */
    private static final String RETRY_DEADLINE = "Cluster retry deadline exceeded.";

    private static final Metadata METADATA = Metadata.builder().withName("flashsale.redis.failures")
            .withDescription("Redis calls that failed (refused, timed out, or answered an error), by component").build();

    private RedisFailures() {
    }

    public static Counter counter(MetricRegistry registry, String component) {
        return registry.counter(METADATA, new Tag("component", component));
    }

    /**
     * A refused or broken connection or a timeout, also as the cause of a cluster command that
     * ran out of attempts or time, or of a cluster client that found no node; on a cluster also
     * slots still moving, a cluster that says it is down (a master lost), and a command sent to
     * every master that some could not take for one of these reasons.
     */
    public static boolean unreachable(Throwable failure) {
        return Causes.of(failure).anyMatch(cause -> cause instanceof JedisConnectionException
                || cause instanceof JedisRedirectionException
                || cause instanceof JedisClusterOperationException && RETRY_DEADLINE.equals(cause.getMessage())
                || cause instanceof JedisClusterException && String.valueOf(cause.getMessage()).startsWith("CLUSTERDOWN")
                || cause instanceof JedisBroadcastException broadcast && broadcast.getReplies().values().stream()
                        .anyMatch(reply -> reply instanceof Throwable failed && unreachable(failed))
                || Stream.of(cause.getSuppressed()).anyMatch(RedisFailures::unreachable));
    }
}
