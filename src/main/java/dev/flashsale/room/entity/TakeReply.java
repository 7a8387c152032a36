package dev.flashsale.room.entity;

import java.time.Instant;

/** The room's answer to a buyer taking a ticket ({@code lua/room_batch.lua}). */
public sealed interface TakeReply permits NoRoom, TakeReply.RoomOff, TakeReply.QueueNotOpen, TakeReply.QueueFull, TakeReply.Ticket {

    /** The room is off: no new ticket. */
    record RoomOff() implements TakeReply {
    }

    /** The pre-queue opens at {@code opensAt}: no ticket before. */
    record QueueNotOpen(Instant opensAt) implements TakeReply {
    }

    /** The room gave out its most tickets, {@code ticketsMax}: no new ticket. */
    record QueueFull(long ticketsMax) implements TakeReply {
    }

    /** The buyer's ticket ({@code created}: taken by this call, else the buyer's own from before) and where it stands. */
    record Ticket(String ticket, boolean created, PollReply poll) implements TakeReply {
    }
}
