package dev.flashsale.platform.redis;

import org.eclipse.microprofile.metrics.Counter;
import org.eclipse.microprofile.metrics.Metadata;
import org.eclipse.microprofile.metrics.MetricRegistry;
import org.eclipse.microprofile.metrics.Tag;

/** The one metric every component that talks to Redis counts its failures in, tagged by component. */
public final class RedisFailures {

    private static final Metadata METADATA = Metadata.builder().withName("flashsale.redis.failures")
            .withDescription("Redis calls that failed (refused, timed out, or answered an error), by component").build();

    private RedisFailures() {
    }

    public static Counter counter(MetricRegistry registry, String component) {
        return registry.counter(METADATA, new Tag("component", component));
    }
}
