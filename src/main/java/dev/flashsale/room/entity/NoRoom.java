package dev.flashsale.room.entity;

/**
 * Redis has no room for the sale (never loaded, or lost in a restart): load its settings from
 * PostgreSQL, then ask again. Nothing was changed.
 */
public record NoRoom() implements TakeReply, PollReply {
}
