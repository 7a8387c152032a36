package dev.flashsale.room.entity;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.util.Map;
import org.junit.jupiter.api.Test;

/** The room's figures as Redis and PostgreSQL hold them, and the waits' percentiles read from the histogram. */
class RoomFiguresTest {

    @Test
    void theBucketsAreASecondThenTenSecondsThenAMinuteWideAndTheLastHoldsTwoHoursAndMore() {
        assertEquals(0, RoomFigures.lowerSeconds(0));
        assertEquals(59, RoomFigures.lowerSeconds(59));
        assertEquals(60, RoomFigures.lowerSeconds(60));
        assertEquals(70, RoomFigures.lowerSeconds(61));
        assertEquals(590, RoomFigures.lowerSeconds(113));
        assertEquals(600, RoomFigures.lowerSeconds(114));
        assertEquals(7140, RoomFigures.lowerSeconds(223));
        assertEquals(7200, RoomFigures.lowerSeconds(224));
        assertEquals(225, RoomFigures.BUCKETS);
    }

    @Test
    void aPercentileIsTheUpperEndOfTheBucketItFallsIn() {
        long[] waits = new long[RoomFigures.BUCKETS];
        waits[0] = 50; // under a second
        waits[61] = 40; // 70 to 79 s
        waits[114] = 9; // 10 to 11 minutes
        waits[224] = 1; // two hours or more
        RoomFigures figures = new RoomFigures(120, 100, 0, 0, 0, waits);
        assertEquals(1, figures.waitSeconds(0.5));
        assertEquals(80, figures.waitSeconds(0.9));
        assertEquals(660, figures.waitSeconds(0.99));
        assertEquals(7200, figures.waitSeconds(1.0));
        assertNull(RoomFigures.NONE.waitSeconds(0.5), "nobody admitted");
    }

    @Test
    void redisHashesAndPostgresTextReadBackAndTheGreaterOfTwoIsKept() {
        RoomFigures redis = RoomFigures.fromRedis("7", "4", Map.of("left", "1", "expired", "2", "w3", "3", "w61", "1", "x", "9"));
        assertEquals(new RoomFigures(7, 4, 1, 2, 0, waits(3, 3, 61, 1)), redis);
        RoomFigures recorded = RoomFigures.fromText(5, 5, 0, 3, 1, "0,0,0,1,4");
        RoomFigures most = redis.atLeast(recorded);
        assertEquals(new RoomFigures(7, 5, 1, 3, 1, waits(3, 3, 4, 4, 61, 1)), most);
        assertEquals(most, RoomFigures.fromText(7, 5, 1, 3, 1, most.waitsText()), "the histogram's text reads back");
        assertEquals(Map.of("left", "1", "expired", "3", "revoked", "1", "w3", "3", "w4", "4", "w61", "1"), most.redisFields());
        assertArrayEquals(new long[RoomFigures.BUCKETS], RoomFigures.fromText(0, 0, 0, 0, 0, "").waits());
    }

    private static long[] waits(int... bucketsAndCounts) {
        long[] waits = new long[RoomFigures.BUCKETS];
        for (int i = 0; i < bucketsAndCounts.length; i += 2) {
            waits[bucketsAndCounts[i]] = bucketsAndCounts[i + 1];
        }
        return waits;
    }
}
