package dev.flashsale.reports.entity;

import java.time.Duration;
import java.time.Instant;
import java.util.List;

/**
 * A sale's activity over its time, for the report's chart: holds placed, holds paid and reserves
 * refused in buckets of {@code bucketSeconds} from the first second anything happened, a bucket
 * per point (buckets where nothing happened are left out). The bucket is the narrowest of a few
 * round widths that draws the whole sale in at most {@link #MOST_POINTS} points: a second for a
 * sale of five minutes, a minute for one of five hours.
 */
public record SaleActivity(int bucketSeconds, List<Point> points) {

    /** The most buckets a sale's activity is drawn in. */
    public static final int MOST_POINTS = 300;

    private static final int[] WIDTHS = {1, 2, 5, 10, 15, 30, 60, 120, 300, 600, 900, 1800, 3600, 7200, 21600, 43200, 86400};

    public static final SaleActivity NONE = new SaleActivity(1, List.of());

    /** What happened in the bucket that starts at {@code at}. */
    public record Point(Instant at, long holds, long sales, long refusals) {
    }

    /** The bucket's width, in seconds, for activity from {@code first} to {@code last} (both seconds that had some). */
    public static int bucketSecondsFor(Instant first, Instant last) {
        long seconds = Duration.between(first, last).getSeconds() + 1;
        for (int width : WIDTHS) {
            if ((seconds + width - 1) / width <= MOST_POINTS) {
                return width;
            }
        }
        return (int) ((seconds + MOST_POINTS - 1) / MOST_POINTS);
    }
}
