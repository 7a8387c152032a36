package dev.flashsale.gate.control;

import java.time.Instant;

/**
 * What a SKU's not-open mark says (lua/load_counter.lua's ARGV[2]): nothing, the start of a window
 * that lies ahead, or a sale that is paused. While the mark lives, lua/reserve.lua takes no units.
 */
public record NotOpenMark(String argument) {

    public static final NotOpenMark NONE = new NotOpenMark("0");
    public static final NotOpenMark PAUSED = new NotOpenMark("paused");

    /** Refused before {@code start} less the margin, sent on to PostgreSQL within the margin either side. */
    public static NotOpenMark window(Instant start) {
        return new NotOpenMark(Long.toString(start.toEpochMilli()));
    }
}
