package dev.flashsale.limits.control;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.flashsale.limits.entity.Limit;
import dev.flashsale.limits.entity.TokenUse;
import org.junit.jupiter.api.Test;

/** The buckets a node keeps while Redis is gone: the same algorithm as lua/take_tokens.lua, on a clock of its own. */
class LocalBucketsTest {

    private static final Limit TEN_A_SECOND = Limit.perSecond("buyer", 10, 3);

    private final LocalBuckets buckets = new LocalBuckets(100);

    @Test
    void aFullBucketLetsItsBurstThroughThenOneTokenPerInterval() {
        long now = 1_000_000_000L;
        for (int i = 0; i < 3; i++) {
            assertEquals(0, buckets.take(TEN_A_SECOND, "b", 1, TokenUse.TAKE, now));
        }
        assertEquals(100_000, buckets.take(TEN_A_SECOND, "b", 1, TokenUse.TAKE, now), "the next token in 0.1 s");
        assertEquals(40_000, buckets.take(TEN_A_SECOND, "b", 1, TokenUse.TAKE, now + 60_000));
        assertEquals(0, buckets.take(TEN_A_SECOND, "b", 1, TokenUse.TAKE, now + 100_000));
        assertEquals(0, buckets.take(TEN_A_SECOND, "other", 1, TokenUse.TAKE, now), "each id has its own bucket");
    }

    @Test
    void peekTakesNothingAndCountTakesEvenFromAnEmptyBucketButNeverMoreThanABurst() {
        long now = 5_000_000_000L;
        assertEquals(0, buckets.take(TEN_A_SECOND, "u", 1, TokenUse.PEEK, now));
        for (int i = 0; i < 50; i++) {
            assertEquals(0, buckets.take(TEN_A_SECOND, "u", 1, TokenUse.COUNT, now));
        }
        long wait = buckets.take(TEN_A_SECOND, "u", 1, TokenUse.PEEK, now);
        assertEquals(200_000, wait, "fifty failures at once leave the bucket empty for two intervals, not fifty");
        assertEquals(wait, buckets.take(TEN_A_SECOND, "u", 1, TokenUse.PEEK, now), "peeking took nothing");
        assertEquals(0, buckets.take(TEN_A_SECOND, "u", 1, TokenUse.PEEK, now + 200_000));
    }

    @Test
    void aFullMapDropsTheBucketsThatFilledAgainFirst() {
        LocalBuckets small = new LocalBuckets(3);
        long now = 1_000_000_000L;
        small.take(TEN_A_SECOND, "old", 1, TokenUse.TAKE, now);
        for (int i = 0; i < 3; i++) {
            small.take(TEN_A_SECOND, "busy", 1, TokenUse.TAKE, now + 1_000_000);
        }
        small.take(TEN_A_SECOND, "new", 1, TokenUse.TAKE, now + 1_000_000);
        small.take(TEN_A_SECOND, "newer", 1, TokenUse.TAKE, now + 1_000_000);
        assertTrue(small.size() <= 3, "bounded: " + small.size());
        assertEquals(100_000, small.take(TEN_A_SECOND, "busy", 1, TokenUse.TAKE, now + 1_000_000),
                "a bucket still empty was kept");
    }
}
