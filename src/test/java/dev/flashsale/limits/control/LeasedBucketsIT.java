package dev.flashsale.limits.control;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.flashsale.limits.entity.Limit;
import dev.flashsale.limits.entity.TokenUse;
import dev.flashsale.platform.redis.RedisClient;
import dev.flashsale.platform.redis.RedisScripts;
import dev.flashsale.testsupport.TestRedis;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.parallel.Isolated;

/**
 * Two nodes' {@link Buckets}, against the tests' Redis, taking from one shared bucket through
 * leases: together they let no more through than the bucket gives (its burst, and what it
 * refills meanwhile), while most requests cost no round trip.
 */
@Tag("core")
@Isolated("counts Redis round trips against a lease's 10 ms")
class LeasedBucketsIT {

    /** A thousand a second, a burst of 5,000: leases of 10 tokens (10 ms of the rate). */
    private static final Limit LIMIT = Limit.perSecond("api-key", 1_000, 5_000);
    private static final int THREADS_PER_NODE = 4;

    private final RedisScripts scripts = new RedisScripts();
    private RedisClient redis;
    private final AtomicLong roundTrips = new AtomicLong();

    @BeforeEach
    void connect() {
        scripts.load();
        redis = RedisClient.of("127.0.0.1", TestRedis.port(), "", 2000, 16);
    }

    @AfterEach
    void disconnect() {
        redis.close();
    }

    @Test
    void twoNodesTogetherLetNoMoreThroughThanTheSharedBucketGives() throws Exception {
        String caller = "leased-" + UUID.randomUUID();
        List<Buckets> nodes = List.of(node(), node());
        ExecutorService threads = Executors.newFixedThreadPool(2 * THREADS_PER_NODE);
        AtomicLong allowed = new AtomicLong();
        AtomicLong asked = new AtomicLong();
        AtomicBoolean refused = new AtomicBoolean();
        long started = System.nanoTime();
        // Half a second, and on a slow machine on until the burst is spent (the first refusal), 10 s at most.
        long until = started + 500_000_000L;
        long atMost = started + 10_000_000_000L;
        List<Future<?>> running = new ArrayList<>();
        for (Buckets node : nodes) {
            for (int t = 0; t < THREADS_PER_NODE; t++) {
                running.add(threads.submit(() -> {
                    while (System.nanoTime() - until < 0 || !refused.get() && System.nanoTime() - atMost < 0) {
                        asked.incrementAndGet();
                        if (node.take(List.of(LIMIT), List.of(caller), 1, TokenUse.TAKE)[0] == 0) {
                            allowed.incrementAndGet();
                        } else {
                            refused.set(true);
                        }
                    }
                }));
            }
        }
        for (Future<?> thread : running) {
            thread.get();
        }
        double seconds = (System.nanoTime() - started) / 1e9;
        threads.shutdown();

        System.out.printf("leased buckets: %d of %d requests allowed in %.2f s on two nodes, %d round trips%n",
                allowed.get(), asked.get(), seconds, roundTrips.get());
        assertTrue(asked.get() > allowed.get(), "the bucket ran dry: " + asked + " asked, " + allowed + " allowed");
        long gives = LIMIT.burst() + Math.round(seconds * 1_000_000 / LIMIT.microsPerToken()) + 1;
        assertTrue(allowed.get() <= gives, allowed + " allowed, the bucket gives at most " + gives);
        assertTrue(allowed.get() >= LIMIT.burst(), "at least the burst: " + allowed);
    }

    @Test
    void aBusyCallerAsksRedisOncePerLease() {
        Buckets node = node();
        String caller = "busy-" + UUID.randomUUID();
        for (int i = 0; i < 1_000; i++) {
            assertEquals(0, node.take(List.of(LIMIT), List.of(caller), 1, TokenUse.TAKE)[0]);
        }
        assertTrue(roundTrips.get() >= 100 && roundTrips.get() <= 110, "a round trip per 10 requests: " + roundTrips);
    }

    @Test
    void withLeasesOffEveryRequestAsksRedis() {
        Buckets node = node();
        node.leaseMillis = 0;
        node.create();
        String caller = "unleased-" + UUID.randomUUID();
        for (int i = 0; i < 20; i++) {
            assertEquals(0, node.take(List.of(LIMIT), List.of(caller), 1, TokenUse.TAKE)[0]);
        }
        assertEquals(20, roundTrips.get());
    }

    /** A node's buckets on the tests' Redis, counting its round trips. */
    private Buckets node() {
        SharedBuckets shared = new SharedBuckets() {
            @Override
            public Optional<List<Long>> take(List<BucketCall> calls) {
                roundTrips.incrementAndGet();
                return super.take(calls);
            }
        };
        shared.redis = redis;
        shared.scripts = scripts;
        shared.retryMillis = 1_000;
        Buckets buckets = new Buckets();
        buckets.shared = shared;
        buckets.localMaxBuckets = 1_000;
        buckets.leaseMillis = 10;
        buckets.create();
        return buckets;
    }
}
