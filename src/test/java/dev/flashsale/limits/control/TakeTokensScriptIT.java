package dev.flashsale.limits.control;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.flashsale.limits.entity.Limit;
import dev.flashsale.limits.entity.TokenUse;
import dev.flashsale.platform.redis.RedisScripts;
import dev.flashsale.testsupport.TestRedis;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import redis.clients.jedis.Jedis;

/** lua/take_tokens.lua against a real Redis: the same answers as {@link LocalBuckets}, on Redis' clock. */
class TakeTokensScriptIT {

    /** Ten seconds a token: nothing refills while a test runs. */
    private static final Limit SLOW = Limit.perSecond("buyer", 0.1, 3);

    private final RedisScripts scripts = new RedisScripts();
    private Jedis redis;
    private String id;

    @BeforeEach
    void connect() {
        scripts.load();
        redis = TestRedis.client();
        id = UUID.randomUUID().toString();
    }

    @AfterEach
    void disconnect() {
        redis.close();
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

    /** Several buckets in one pipelined round trip, also right after Redis lost the script. */
    @Test
    void severalBucketsInOneRoundTripEvenAfterAScriptFlush() {
        String other = UUID.randomUUID().toString();
        List<String> args = List.of(Long.toString(SLOW.microsPerToken()), Integer.toString(SLOW.burst()), "3",
                TokenUse.TAKE.script());
        redis.scriptFlush();

        List<Long> waits = scripts.runAll(redis, "take_tokens", List.of(List.of(SharedBuckets.key(SLOW, id)),
                List.of(SharedBuckets.key(SLOW, other))), List.of(args, args));

        assertEquals(List.of(0L, 0L), waits, "both buckets were full, and the lost script was sent again");
        assertTrue(take(1, TokenUse.TAKE) > 0, "each bucket gave its burst");
    }

    private long take(int tokens, TokenUse use) {
        return scripts.run(redis, "take_tokens", List.of(SharedBuckets.key(SLOW, id)), List.of(
                Long.toString(SLOW.microsPerToken()), Integer.toString(SLOW.burst()), Integer.toString(tokens), use.script()));
    }
}
