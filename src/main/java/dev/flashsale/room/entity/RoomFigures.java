package dev.flashsale.room.entity;

import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * What a room did, for the sale's report: tickets taken, buyers admitted, buyers who left, tickets
 * that expired (missed polls, or a token that ran out unused), tickets revoked, and the admitted
 * buyers' waits from their ticket (or the opening second, for a ticket of the pre-queue) to their
 * admission, as a histogram: {@code waits[n]} buyers waited a time in bucket {@code n}, a second
 * wide below a minute, ten seconds below ten minutes, a minute below two hours, and one bucket for
 * longer ({@code lua/room_batch.lua}'s {@code waitBucket}, which this reads back).
 */
public record RoomFigures(long tickets, long admitted, long left, long expired, long revoked, long[] waits) {

    /** The figures, and whether Redis' live count is in them (false: as last recorded, a lower bound). */
    public record Counted(RoomFigures figures, boolean live) {
    }

    /** Buckets of the waits' histogram; the last holds every wait of two hours or more. */
    public static final int BUCKETS = 225;

    public static final RoomFigures NONE = new RoomFigures(0, 0, 0, 0, 0, new long[BUCKETS]);

    public RoomFigures {
        waits = Arrays.copyOf(waits, BUCKETS);
    }

    /** The figures as Redis counts them: the room's hash's {@code seq} and {@code admittedTotal}, and the figures' hash. */
    public static RoomFigures fromRedis(String seq, String admittedTotal, Map<String, String> figures) {
        long[] waits = new long[BUCKETS];
        figures.forEach((field, value) -> {
            if (field.startsWith("w")) {
                int bucket = Integer.parseInt(field.substring(1));
                if (bucket >= 0 && bucket < BUCKETS) {
                    waits[bucket] = Long.parseLong(value);
                }
            }
        });
        return new RoomFigures(number(seq), number(admittedTotal), number(figures.get("left")), number(figures.get("expired")),
                number(figures.get("revoked")), waits);
    }

    /** The histogram as PostgreSQL's {@code record_figures.sql} takes it: counts, comma-separated, bucket 0 first. */
    public static RoomFigures fromText(long tickets, long admitted, long left, long expired, long revoked, String waits) {
        long[] counts = waits == null || waits.isEmpty() ? new long[0]
                : Arrays.stream(waits.split(",")).mapToLong(Long::parseLong).toArray();
        return new RoomFigures(tickets, admitted, left, expired, revoked, counts);
    }

    public String waitsText() {
        return Arrays.stream(waits).mapToObj(Long::toString).collect(Collectors.joining(","));
    }

    /** The Redis hash fields of the figures that are not zero: how a Redis that lost them gets them back. */
    public Map<String, String> redisFields() {
        Map<String, String> fields = new LinkedHashMap<>();
        put(fields, "left", left);
        put(fields, "expired", expired);
        put(fields, "revoked", revoked);
        for (int bucket = 0; bucket < BUCKETS; bucket++) {
            put(fields, "w" + bucket, waits[bucket]);
        }
        return fields;
    }

    /** Each figure the greater of the two (the histogram bucket by bucket): what neither source may have lost. */
    public RoomFigures atLeast(RoomFigures other) {
        long[] most = new long[BUCKETS];
        for (int bucket = 0; bucket < BUCKETS; bucket++) {
            most[bucket] = Math.max(waits[bucket], other.waits[bucket]);
        }
        return new RoomFigures(Math.max(tickets, other.tickets), Math.max(admitted, other.admitted), Math.max(left, other.left),
                Math.max(expired, other.expired), Math.max(revoked, other.revoked), most);
    }

    /**
     * The wait within which {@code share} (0 to 1) of the admitted buyers were admitted, in whole
     * seconds, as the upper end of its bucket (so at most this); null when none was admitted, and
     * for the last bucket its lower end (two hours or more).
     */
    public Long waitSeconds(double share) {
        long all = Arrays.stream(waits).sum();
        if (all == 0) {
            return null;
        }
        long needed = Math.max(1, (long) Math.ceil(share * all));
        long counted = 0;
        for (int bucket = 0; bucket < BUCKETS; bucket++) {
            counted += waits[bucket];
            if (counted >= needed) {
                return bucket == BUCKETS - 1 ? lowerSeconds(bucket) : lowerSeconds(bucket + 1);
            }
        }
        return lowerSeconds(BUCKETS - 1);
    }

    /** The shortest wait of bucket {@code bucket}, in seconds. */
    static long lowerSeconds(int bucket) {
        if (bucket < 60) {
            return bucket;
        } else if (bucket < 114) {
            return 60 + (bucket - 60) * 10L;
        } else if (bucket < 224) {
            return 600 + (bucket - 114) * 60L;
        }
        return 7200;
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof RoomFigures that && tickets == that.tickets && admitted == that.admitted && left == that.left
                && expired == that.expired && revoked == that.revoked && Arrays.equals(waits, that.waits);
    }

    @Override
    public int hashCode() {
        return 31 * Long.hashCode(tickets + 7 * admitted + 13 * left + 17 * expired + 19 * revoked) + Arrays.hashCode(waits);
    }

    @Override
    public String toString() {
        return "RoomFigures[tickets=" + tickets + ", admitted=" + admitted + ", left=" + left + ", expired=" + expired
                + ", revoked=" + revoked + ", waits p50/p90/p99 " + waitSeconds(0.5) + "/" + waitSeconds(0.9) + "/"
                + waitSeconds(0.99) + " s]";
    }

    private static void put(Map<String, String> fields, String field, long value) {
        if (value > 0) {
            fields.put(field, Long.toString(value));
        }
    }

    private static long number(String value) {
        return value == null ? 0 : Long.parseLong(value);
    }
}
