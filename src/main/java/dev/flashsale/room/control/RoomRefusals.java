package dev.flashsale.room.control;

import dev.flashsale.platform.id.KeyOwner;
import dev.flashsale.platform.id.SaleId;
import dev.flashsale.platform.problem.ProblemException;
import dev.flashsale.room.entity.TakeReply;
import java.time.Instant;

/** The room's refusals, each in one place: no room, no such ticket, and a ticket refused to a buyer. */
public final class RoomRefusals {

    private RoomRefusals() {
    }

    public static ProblemException roomNotFound(SaleId saleId) {
        return ProblemException.notFound("room", "Sale " + saleId + " has no waiting room");
    }

    public static ProblemException ticketNotFound(String ticket) {
        return ProblemException.notFound("ticket", "There is no ticket " + (ticket == null ? "" : ticket.substring(0,
                Math.min(ticket.length(), 64))) + " in this room");
    }

    /** 404 ticket-not-found unless {@code ticket} is a ticket's name at all. */
    public static void checkName(String ticket) {
        if (!TicketNames.isName(ticket)) {
            throw ticketNotFound(ticket);
        }
    }

    /** 404 ticket-not-found unless {@code ticket} is one of {@code owner}'s: another key's ticket is none. */
    public static void checkOwned(String ticket, KeyOwner owner) {
        if (!TicketNames.isOwnedBy(ticket, owner)) {
            throw ticketNotFound(ticket);
        }
    }

    public static ProblemException roomOff(SaleId saleId) {
        return ProblemException.conflict("room-off", "Waiting room off", "Sale " + saleId + " has its waiting room off");
    }

    public static ProblemException queueNotOpen(SaleId saleId, Instant opensAt) {
        return ProblemException.conflict("queue-not-open", "Queue not open", "The waiting room of sale " + saleId
                + " opens at " + opensAt);
    }

    public static ProblemException queueFull(SaleId saleId, long ticketsMax) {
        return ProblemException.conflict("queue-full", "Queue full", "The waiting room of sale " + saleId
                + " gave out its most tickets (" + ticketsMax + "); it takes no new buyer");
    }

    /** The refusal of a take the room answered without a ticket: off, its queue not open yet, or full. */
    public static ProblemException ofTake(SaleId saleId, TakeReply refused) {
        if (refused instanceof TakeReply.QueueNotOpen notOpen) {
            return queueNotOpen(saleId, notOpen.opensAt());
        }
        if (refused instanceof TakeReply.QueueFull full) {
            return queueFull(saleId, full.ticketsMax());
        }
        if (refused instanceof TakeReply.RoomOff) {
            return roomOff(saleId);
        }
        throw new IllegalArgumentException("Not a refusal: " + refused);
    }
}
