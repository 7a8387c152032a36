package dev.flashsale.room.entity;

/** What putting the lottery's order in place in Redis did ({@code lua/room_draw.lua}). */
public enum LotteryPlacing {
    /** This call placed the pre-queue's tickets. */
    PLACED_NOW,
    /** Another call placed them before: nothing changed. */
    PLACED_BEFORE,
    /** Redis has no room: load its settings, then place again. */
    NO_ROOM
}
