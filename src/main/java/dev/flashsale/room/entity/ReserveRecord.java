package dev.flashsale.room.entity;

/** What recording a reserve request's answer for its ticket did ({@code lua/room_reserved.lua}). */
public enum ReserveRecord {
    /** The ticket is no longer reserving, and the room counted the answer. */
    RECORDED,
    /** The ticket was not reserving (a retry was answered already); its reservation is tied to it all the same. */
    NOT_RESERVING
}
