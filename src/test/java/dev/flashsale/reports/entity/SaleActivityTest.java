package dev.flashsale.reports.entity;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.time.Instant;
import org.junit.jupiter.api.Test;

/** The chart's bucket: the narrowest round width that draws the whole sale in at most 300 points. */
class SaleActivityTest {

    private static final Instant START = Instant.parse("2026-12-06T10:00:00Z");

    @Test
    void aSaleOfAMinuteIsDrawnSecondBySecondAndOneOfTwoHoursHalfMinuteByHalfMinute() {
        assertEquals(1, width(0));
        assertEquals(1, width(59));
        assertEquals(1, width(299), "300 seconds in 300 points");
        assertEquals(2, width(300));
        assertEquals(30, width(2 * 3600), "two hours in 241 points");
        assertEquals(60, width(9000));
        assertEquals(21600, width(30 * 24 * 3600), "a month in 121 points");
        assertEquals(315_361, width(3 * 365 * 24 * 3600), "past the round widths, the span in 300 buckets");
    }

    private static int width(long seconds) {
        return SaleActivity.bucketSecondsFor(START, START.plusSeconds(seconds));
    }
}
