package dev.flashsale.limits.control;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.flashsale.limits.entity.Limit;
import dev.flashsale.limits.entity.TokenUse;
import dev.flashsale.platform.redis.RedisScripts;
import dev.flashsale.testsupport.TestRedis;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import dev.flashsale.platform.redis.RedisClient;
import org.junit.jupiter.api.parallel.Isolated;
import redis.clients.jedis.UnifiedJedis;

/**
 * lua/take_tokens.lua against a real Redis: the same answers as {@link LocalBuckets}, on Redis'
 * clock ({@link TakeTokensScriptOnClusterIT}: the same on a Redis Cluster).
 */
@Tag("core")
@Isolated("flushes Redis's scripts; allows a second of drift")
class TakeTokensScriptIT {

    /** Ten seconds a token: nothing refills while a test runs. */
    static final Limit SLOW = Limit.perSecond("buyer", 0.1, 3);

    final RedisScripts scripts = new RedisScripts();
    RedisClient client;
    UnifiedJedis redis;
    String id;

    /** The Redis the script runs on, through the application's own client. */
    RedisClient connect() {
        return RedisClient.of("127.0.0.1", TestRedis.port(), "", 2000, 4);
    }

    @BeforeEach
    void connectAndLoad() {
        scripts.load();
        client = connect();
        redis = client.commands();
        id = UUID.randomUUID().toString();
    }

    @AfterEach
    void disconnect() {
        client.close();
    }

    @Test
    void aFullBucketLetsItsBurstThroughThenRefusesWithTheWait() {
        for (int i = 0; i < 3; i++) {
            assertEquals(0, take(1, TokenUse.TAKE));
        }
        long wait = take(1, TokenUse.TAKE);
        assertTrue(wait > 9_000_000 && wait <= 10_000_000, "the next token in about 10 s: " + wait);
        assertEquals(0, take(0, TokenUse.TAKE), "nothing asked, nothing refused");
        long ttl = redis.pttl(SharedBuckets.key(SLOW, id));
        assertTrue(ttl > 29_000 && ttl <= 30_001, "the key lives until the bucket is full again: " + ttl);
        assertEquals(Long.toString(Long.MAX_VALUE).length() - 3, redis.get(SharedBuckets.key(SLOW, id)).length(),
                "microseconds with every digit, not Lua's rounded %.14g");
    }

    @Test
    void peekTakesNothingAndCountNeverEmptiesTheBucketForMoreThanABurst() {
        assertEquals(0, take(1, TokenUse.PEEK));
        assertEquals(0, redis.exists(SharedBuckets.key(SLOW, id)) ? 1 : 0, "a peek writes nothing");
        for (int i = 0; i < 50; i++) {
            assertEquals(0, take(1, TokenUse.COUNT));
        }
        long wait = take(1, TokenUse.PEEK);
        assertTrue(wait > 19_000_000 && wait <= 20_000_000, "two intervals, not fifty: " + wait);
    }

    @Test
    void aRequestLargerThanTheBurstTakesNothing() {
        assertTrue(take(4, TokenUse.TAKE) > 0);
        assertEquals(0, take(3, TokenUse.TAKE), "the bucket is still full");
    }

    @Test
    void aLeaseTakesWhatTheBucketHasUpToWhatItAsksForAndAnEmptyBucketGivesTheWait() {
        assertEquals(-2, take(2, TokenUse.LEASE));
        assertEquals(-1, take(2, TokenUse.LEASE), "only one was left");
        long wait = take(2, TokenUse.LEASE);
        assertTrue(wait > 9_000_000 && wait <= 10_000_000, "none left: the wait for one, about 10 s: " + wait);
        assertTrue(take(1, TokenUse.TAKE) > 9_000_000, "the lease took them from the bucket");
    }

    @Test
    void aLeaseFirstGivesBackWhatTheLastOneLeftButNeverToMoreThanAFullBucket() {
        assertEquals(-3, take(3, TokenUse.LEASE));
        assertEquals(-2, lease(3, 2), "two given back, then taken again");
        assertTrue(take(1, TokenUse.TAKE) > 0, "the bucket is empty again");
        assertEquals(-3, lease(3, 100), "a hundred given back fill the bucket, no more");
        assertTrue(take(1, TokenUse.TAKE) > 0);
    }

    /** Several buckets in one pipelined round trip, also right after Redis lost the script. */
    @Test
    void severalBucketsInOneRoundTripEvenAfterAScriptFlush() {
        String other = UUID.randomUUID().toString();
        List<String> args = List.of(Long.toString(SLOW.microsPerToken()), Integer.toString(SLOW.burst()), "3",
                TokenUse.TAKE.script());
        redis.scriptFlush();

        List<Long> waits = scripts.runAll(client, "take_tokens", List.of(List.of(SharedBuckets.key(SLOW, id)),
                List.of(SharedBuckets.key(SLOW, other))), List.of(args, args));

        assertEquals(List.of(0L, 0L), waits, "both buckets were full, and the lost script was sent again");
        assertTrue(take(1, TokenUse.TAKE) > 0, "each bucket gave its burst");
    }

    long lease(int tokens, int givenBack) {
        return scripts.run(redis, "take_tokens", List.of(SharedBuckets.key(SLOW, id)), List.of(
                Long.toString(SLOW.microsPerToken()), Integer.toString(SLOW.burst()), Integer.toString(tokens),
                TokenUse.LEASE.script(), Integer.toString(givenBack)));
    }

    long take(int tokens, TokenUse use) {
        return scripts.run(redis, "take_tokens", List.of(SharedBuckets.key(SLOW, id)), List.of(
                Long.toString(SLOW.microsPerToken()), Integer.toString(SLOW.burst()), Integer.toString(tokens), use.script()));
    }
}
