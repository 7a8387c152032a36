package dev.flashsale.room.entity;

/** What a step of putting the lottery's order in place in Redis found or did ({@code lua/room_draw*.lua}). */
public enum LotteryPlacing {
    /** A step placed its slice (or found it placed): the draw goes on from the places it reports. */
    PLACING,
    /** The draw ended with this call: admission starts. */
    PLACED_NOW,
    /** The draw had ended before: nothing changed. */
    PLACED_BEFORE,
    /** The end of the draw found it unfinished (places missing, or pre-queue tickets left to move): step on. */
    UNFINISHED,
    /** Redis has no room: load its settings, then draw again. */
    NO_ROOM
}
