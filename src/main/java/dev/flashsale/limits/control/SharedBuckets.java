package dev.flashsale.limits.control;

import dev.flashsale.limits.entity.Limit;
import dev.flashsale.platform.redis.RedisCall;
import dev.flashsale.platform.redis.RedisClient;
import dev.flashsale.platform.redis.RedisFailures;
import dev.flashsale.platform.redis.RedisScripts;
import dev.flashsale.platform.security.Sha256;
import jakarta.annotation.PostConstruct;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.util.List;
import java.util.ArrayList;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicLong;
import java.util.logging.Level;
import java.util.logging.Logger;
import org.eclipse.microprofile.config.inject.ConfigProperty;
import org.eclipse.microprofile.metrics.Counter;
import org.eclipse.microprofile.metrics.MetricRegistry;
import redis.clients.jedis.exceptions.JedisException;

/**
 * The buckets every node shares, in Redis ({@code lua/take_tokens.lua}). After Redis failed a
 * call, it is left alone for {@code flashsale.limits.redis-retry-ms}: meanwhile every call
 * answers empty at once (the caller counts locally) instead of waiting for a timeout each.
 */
@ApplicationScoped
public class SharedBuckets {

    private static final Logger LOG = Logger.getLogger(SharedBuckets.class.getName());

    @Inject
    RedisClient redis;

    @Inject
    RedisScripts scripts;

    @Inject
    @ConfigProperty(name = "flashsale.limits.redis-retry-ms")
    long retryMillis;

    @Inject
    MetricRegistry registry;

    private final AtomicLong leftAloneUntil = new AtomicLong(System.nanoTime());
    private Counter failures;
    private volatile boolean failing;

    @PostConstruct
    void register() {
        failures = RedisFailures.counter(registry, "limits");
    }

    /**
     * Takes from each bucket as its call says, all in one round trip.
     *
     * @return for each call, the microseconds until the tokens are there (0 = now; a lease: -n
     *         for n tokens taken); empty when Redis failed
     */
    public Optional<List<Long>> take(List<BucketCall> calls) {
        if (failing && leftAloneUntil.get() - System.nanoTime() > 0) {
            return Optional.empty();
        }
        List<List<String>> keys = new ArrayList<>(calls.size());
        List<List<String>> args = new ArrayList<>(calls.size());
        for (BucketCall call : calls) {
            Limit limit = call.limit();
            keys.add(List.of(key(limit, call.id())));
            List<String> arguments = new ArrayList<>(List.of(Long.toString(limit.microsPerToken()),
                    Integer.toString(limit.burst()), Integer.toString(call.tokens()), call.use().script()));
            if (call.givenBack() > 0) {
                arguments.add(Integer.toString(call.givenBack()));
            }
            args.add(arguments);
        }
        try {
            List<Long> waits = RedisCall.reported(redis, failures, () -> scripts.runAll(redis, "take_tokens", keys, args));
            if (failing) {
                failing = false;
                LOG.info("Redis answers again: rate limits are shared by all nodes again");
            }
            return Optional.of(waits);
        } catch (JedisException failed) {
            leftAloneUntil.set(System.nanoTime() + retryMillis * 1_000_000);
            if (!failing) {
                failing = true;
                LOG.log(Level.WARNING, "Redis failed a rate-limit call: each node keeps the limits in its own memory"
                        + " until Redis answers again", failed);
            }
            return Optional.empty();
        }
    }

    /**
     * {@code fs:rate:{<scope>:<id hash>}}: the id is hashed, so that a key's size never depends on
     * what a client sent; the hash tag gives every bucket its own Redis Cluster slot, so the
     * buckets of one call may live on different masters ({@link RedisScripts#runAll} sends each to its own).
     */
    public static String key(Limit limit, String id) {
        return "fs:rate:{" + limit.scope() + ":" + Sha256.hex(id).substring(0, 32) + "}";
    }
}
