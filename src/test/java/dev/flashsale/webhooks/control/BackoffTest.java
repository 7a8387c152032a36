package dev.flashsale.webhooks.control;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class BackoffTest {

    private final Backoff backoff = new Backoff(5_000, 3_600_000);

    @Test
    void doublesFromTheBaseWithinHalfAndAllOfIt() {
        SplittableRandom random = new SplittableRandom(7);
        for (int attempt = 1; attempt <= 8; attempt++) {
            long ceiling = Math.min(3_600_000, 5_000L << (attempt - 1));
            for (int draw = 0; draw < 200; draw++) {
                long delay = backoff.delayMillis(attempt, random);
                assertTrue(delay >= ceiling / 2 && delay <= ceiling, "attempt " + attempt + ": " + delay);
            }
        }
    }

    @Test
    void neverPastTheMaximumHoweverManyAttempts() {
        SplittableRandom random = new SplittableRandom(1);
        for (int attempt : new int[] {20, 40, 63, 64, 1000, Integer.MAX_VALUE}) {
            long delay = backoff.delayMillis(attempt, random);
            assertTrue(delay >= 1_800_000 && delay <= 3_600_000, "attempt " + attempt + ": " + delay);
        }
    }

    @Test
    void jitterSpreadsTheRetriesOfOneMoment() {
        SplittableRandom random = new SplittableRandom(3);
        long distinct = java.util.stream.LongStream.range(0, 100).map(i -> backoff.delayMillis(3, random)).distinct().count();
        assertTrue(distinct > 50, "100 draws gave " + distinct + " distinct delays");
    }

    @Test
    void refusesABaseAboveTheMaximum() {
        assertThrows(IllegalArgumentException.class, () -> new Backoff(10, 5));
        assertEquals(1, new Backoff(1, 1).delayMillis(5, new SplittableRandom(2)), "never a wait of 0");
    }
}
