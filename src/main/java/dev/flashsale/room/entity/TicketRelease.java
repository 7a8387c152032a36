package dev.flashsale.room.entity;

/** What a leave or a revoke did to a ticket ({@code lua/room_release.lua}). */
public enum TicketRelease {
    /** Its place, token and active slot are freed. */
    RELEASED,
    /** It had already expired, left, been revoked or ended its checkout: nothing changed. */
    ALREADY_GONE,
    NO_SUCH_TICKET
}
