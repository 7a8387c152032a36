package dev.flashsale.limits;

import dev.flashsale.limits.boundary.StorefrontLimits;
import dev.flashsale.limits.control.SharedBuckets;
import dev.flashsale.limits.entity.Limit;
import dev.flashsale.platform.id.BuyerId;
import dev.flashsale.platform.id.KeyOwner;
import dev.flashsale.testsupport.Api;
import dev.flashsale.testsupport.Crowd;
import dev.flashsale.testsupport.Db;
import dev.flashsale.testsupport.Sales;
import dev.flashsale.testsupport.StockCounts;
import dev.flashsale.testsupport.TestRedis;
import dev.flashsale.testsupport.TestServer;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.parallel.Isolated;
import redis.clients.jedis.Jedis;
import static org.awaitility.Awaitility.await;
import static org.hamcrest.Matchers.equalTo;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The storefront's rate limits through HTTP, against the tests' Redis: a burst past the buyer
 * limit is refused with 429 and leaves nothing behind; the buckets are Redis', so what another
 * node counted there refuses here; with Redis gone each node keeps the limits itself.
 */
@Tag("core")
@Isolated("stops and restarts Redis")
class RateLimitIT {

    private static final int BURST = TestServer.BUYER_BURST;
    private static final int PER_SECOND = TestServer.BUYER_PER_SECOND;
    /**
     * A node spends the tokens it leased from a shared bucket for 100 ms at most (Buckets'
     * leases); the flooded bucket stays empty for ten seconds, so the node must be seen asking
     * Redis again well within them, on a machine five times slower too.
     */
    private static final Duration LEASE_SPENT_WITHIN = Duration.ofSeconds(5);

    private final Api api = new Api(TestServer.url());

    @Test
    void aBurstPastTheBuyerLimitIsRefusedWith429AndChangesNothing() throws Exception {
        String sku = Sales.openSku(api, 1_000, 1, 600, "REFUSE");
        String buyer = "eager-" + sku;
        awaitLimitsOnRedis(sku);

        Burst burst = burst(sku, buyer, 2 * BURST);

        burst.assertLimited();
        assertEquals(burst.accepted(), Db.scalar("SELECT count(*) FROM reservation WHERE buyer_id = ?", buyer),
                "a reservation for every 201 and none for a 429");
        assertEquals(burst.accepted(), StockCounts.of(sku).held());
        assertTrue(StockCounts.of(sku).consistent());
        Api.Answer other = api.reserve(sku + "-other", sku, "calm-" + sku, 1);
        assertEquals(201, other.status(), "another buyer is not limited: " + other);
    }

    /** Another node (this JVM) recorded a flood from one address and on one key: this node refuses them. */
    @Test
    void theBucketsAreSharedThroughRedis() {
        String sku = Sales.openSku(api, 10, 1, 600, "REFUSE");
        String flooder = "203.0.113." + (1 + (int) (Math.random() * 250));
        String key = api.adminPost("api/admin/api-keys", "{\"name\":\"flooded-" + sku + "\"}").json().getString("key");
        Api shop = api.withStorefrontKey(key);
        assertEquals(201, shop.reserve(sku + "-before", sku, "b-" + sku, 1).status(), "the new key works");

        TestRedis.emptyForTenSeconds(new Limit("address", 10, 100_000), flooder);
        Api.Answer fromFlooder = api.post("api/reservations", Api.reserveBody(sku, "b2-" + sku, 1),
                "Idempotency-Key", sku + "-flooder", "X-Forwarded-For", "198.18.0.1, " + flooder);
        assertRateLimited(fromFlooder, 8);
        Api.Answer fromElsewhere = api.post("api/reservations", Api.reserveBody(sku, "b3-" + sku, 1),
                "Idempotency-Key", sku + "-elsewhere", "X-Forwarded-For", flooder + ", 198.18.0.2");
        assertEquals(201, fromElsewhere.status(), "only the hop next to the trusted proxy counts: " + fromElsewhere);

        TestRedis.emptyForTenSeconds(new Limit("api-key", 10, 100_000), "flooded-" + sku);
        // The first request took a lease of the key's tokens before the flood: this node spends
        // it for at most ten times flashsale.limits.lease-ms (10 ms), then asks Redis again. Stock
        // reads count against the key as reservations do, and take no unit.
        await("the key's lease spent and Redis asked again").atMost(LEASE_SPENT_WITHIN).pollInterval(Duration.ofMillis(20))
                .until(() -> shop.stock(sku).status(), equalTo(429));
        assertRateLimited(shop.reserve(sku + "-flooded", sku, "b4-" + sku, 1), 4);
        assertEquals(2, StockCounts.of(sku).held(), "the refused requests took nothing");
    }

    @Test
    void withRedisGoneEachNodeKeepsTheLimitsItself() throws Exception {
        String sku = Sales.openSku(api, 1_000, 1, 600, "REFUSE");
        TestRedis.stop();
        try {
            Burst burst = burst(sku, "alone-" + sku, 2 * BURST);

            burst.assertLimited();
            assertEquals(burst.accepted(), StockCounts.of(sku).held(), "sold on PostgreSQL alone, up to the limit");
        } finally {
            TestRedis.start();
            TestRedis.awaitGateInUse(api);
        }
        awaitLimitsOnRedis(sku);
        String buyer = "back-" + sku;
        burst(sku, buyer, 2 * BURST).assertLimited();
        try (Jedis redis = TestRedis.client()) {
            assertTrue(redis.exists(SharedBuckets.key(new Limit("buyer", 1, 1), StorefrontLimits.buyerBucket(KeyOwner.CONFIGURED, new BuyerId(buyer)))),
                    "with Redis back, the buckets are Redis' again");
        }
    }

    /**
     * Waits until the node keeps its limits on Redis again: after a Redis failure (this class's, or
     * any class's before it) the node keeps them in its own memory until
     * {@code flashsale.limits.redis-retry-ms} (1 s) has passed, and a burst across the switch is
     * let through by both. A request from an address never seen before leaves that address's
     * bucket in Redis once the limits are there.
     */
    private void awaitLimitsOnRedis(String sku) {
        String network = "198.18." + ThreadLocalRandom.current().nextInt(256) + ".";
        AtomicInteger probes = new AtomicInteger();
        await("the limits on Redis").atMost(Duration.ofSeconds(20)).pollInterval(Duration.ofMillis(200)).until(() -> {
            String address = network + probes.incrementAndGet() % 256;
            assertEquals(200, api.get("api/skus/" + sku + "/stock", "X-Forwarded-For", address).status());
            try (Jedis redis = TestRedis.client()) {
                return redis.exists(SharedBuckets.key(new Limit("address", 1, 1), address));
            }
        });
    }

    private Burst burst(String sku, String buyer, int requests) throws Exception {
        Instant started = Instant.now();
        List<Api.Answer> answers = Crowd.run(16, requests, i -> api.reserve(sku + "-" + buyer + "-" + i, sku, buyer, 1));
        return new Burst(answers, Duration.between(started, Instant.now()));
    }

    private record Burst(List<Api.Answer> answers, Duration took) {

        long accepted() {
            return answers.stream().filter(answer -> answer.status() == 201).count();
        }

        /** The whole burst fits, then what the bucket refilled meanwhile; the rest is refused. */
        void assertLimited() {
            Map<Integer, Long> byStatus = answers.stream()
                    .collect(Collectors.groupingBy(Api.Answer::status, TreeMap::new, Collectors.counting()));
            assertEquals(answers.size(), byStatus.getOrDefault(201, 0L) + byStatus.getOrDefault(429, 0L),
                    "only 201 and 429: " + byStatus);
            long refilled = (took.toMillis() * PER_SECOND + 999) / 1000;
            assertTrue(accepted() >= BURST && accepted() <= BURST + refilled + 1,
                    accepted() + " accepted in " + took.toMillis() + " ms, burst " + BURST);
            answers.stream().filter(answer -> answer.status() == 429).forEach(answer -> assertRateLimited(answer, 1));
        }
    }

    private static void assertRateLimited(Api.Answer answer, int atLeastSeconds) {
        assertEquals(429, answer.status(), answer.toString());
        assertTrue(answer.isProblem(), answer.toString());
        assertEquals("rate-limited", answer.problemType());
        long retryAfter = Long.parseLong(answer.header("Retry-After"));
        assertTrue(retryAfter >= atLeastSeconds && retryAfter <= 11, "Retry-After " + retryAfter);
    }

}
