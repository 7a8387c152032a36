package dev.flashsale.room.entity;

/** Whether an admission token with a good signature still admits ({@code lua/room_use_token.lua}). */
public enum TokenCheck {
    /** Its ticket is admitted with this very token: the ticket is now reserving. */
    STANDS,
    /** Revoked, left, replaced by a newer token, or its checkout ended. */
    WITHDRAWN,
    NO_SUCH_TICKET,
    /** Its expiry has passed on Redis' clock, though the room's step has not yet passed its place on. */
    EXPIRED
}
