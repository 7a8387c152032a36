package dev.flashsale.room.boundary;

import dev.flashsale.platform.id.BuyerId;
import dev.flashsale.platform.id.KeyOwner;
import dev.flashsale.platform.id.SaleId;
import dev.flashsale.room.control.PollAnswers;
import dev.flashsale.room.control.RecentPolls;
import dev.flashsale.room.control.RoomCalls;
import dev.flashsale.room.control.RoomMetrics;
import dev.flashsale.room.control.RoomRedis;
import dev.flashsale.room.control.RoomRefusals;
import dev.flashsale.room.control.RoomState;
import dev.flashsale.room.control.Rooms;
import dev.flashsale.room.control.TicketNames;
import dev.flashsale.room.entity.NoRoom;
import dev.flashsale.room.entity.PollReply;
import dev.flashsale.room.entity.QueueAnswer;
import dev.flashsale.room.entity.QueueStatus;
import dev.flashsale.room.entity.Room;
import dev.flashsale.room.entity.TakeReply;
import dev.flashsale.room.entity.TakenTicket;
import dev.flashsale.room.entity.TicketRelease;
import dev.flashsale.room.entity.WaitReason;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

/**
 * The storefront's side of the room: take a ticket, poll it, leave. Answers come from Redis
 * ({@link RoomCalls}, which carries a crowd's tickets and polls together) and this node's memory;
 * PostgreSQL is asked only for a room's settings and a sale's units (both cached), and once per
 * room to record the lottery, which the first poll after the opening second starts drawing on
 * whichever node it lands ({@link SteppedDraw}).
 */
@ApplicationScoped
public class WaitingRoom {

    @Inject
    Rooms rooms;

    @Inject
    RoomRedis redis;

    @Inject
    RoomState state;

    @Inject
    RoomCalls calls;

    @Inject
    PollAnswers answers;

    @Inject
    SteppedDraw draw;

    @Inject
    RoomMetrics metrics;

    @Inject
    RecentPolls recentPolls;

    /**
     * The buyer's ticket, taken by {@code owner}'s key: each key has its own buyers (the room knows
     * the buyer by {@link KeyOwner#qualify}), so another key's same buyer id takes another ticket.
     */
    public TakenTicket take(SaleId saleId, KeyOwner owner, BuyerId buyerId) {
        Room room = room(saleId);
        String fresh = TicketNames.fresh(owner);
        for (int attempt = 0; attempt < 3; attempt++) {
            TakeReply reply = calls.take(saleId, owner, buyerId, fresh);
            if (reply instanceof NoRoom) {
                reload(saleId);
            } else if (!(reply instanceof TakeReply.Ticket taken)) {
                throw RoomRefusals.ofTake(saleId, reply);
            } else {
                QueueAnswer polled = answered(room, owner, taken.ticket(), taken.poll());
                if (polled != null) {
                    recentPolls.learnt(saleId, taken.ticket(), polled);
                }
                return new TakenTicket(polled != null ? polled : poll(saleId, owner, taken.ticket()), taken.created());
            }
        }
        throw RoomCalls.unavailable();
    }

    /**
     * Where {@code owner}'s ticket stands: from what this node learnt lately of a waiting or
     * admitted ticket ({@link RecentPolls}), else from Redis. Another key's ticket is answered as no ticket.
     */
    public QueueAnswer poll(SaleId saleId, KeyOwner owner, String ticket) {
        Room room = room(saleId);
        RoomRefusals.checkOwned(ticket, owner);
        QueueAnswer known = recentPolls.recent(saleId, ticket);
        if (known != null) {
            return known;
        }
        for (int attempt = 0; attempt < 3; attempt++) {
            QueueAnswer answer = answered(room, owner, ticket, calls.poll(saleId, ticket));
            if (answer != null) {
                recentPolls.learnt(saleId, ticket, answer);
                return answer;
            }
        }
        throw RoomCalls.unavailable();
    }

    /**
     * A poll's answer; null once what it lacked (the room's settings in Redis, the lottery drawn)
     * is put right, for the poll to be asked again.
     */
    private QueueAnswer answered(Room room, KeyOwner owner, String ticket, PollReply reply) {
        if (reply instanceof NoRoom) {
            reload(room.saleId());
            return null;
        }
        if (reply instanceof PollReply.NoSuchTicket) {
            throw RoomRefusals.ticketNotFound(ticket);
        }
        if (reply instanceof PollReply.LotteryDue) {
            // Drawn (a small room, at once): ask again for the place; else keep waiting while the draw runs.
            return draw.drawOrAwait(room) ? null : new QueueAnswer(ticket, QueueStatus.WAITING, null, 0, null,
                    room.pollAfterSeconds(), WaitReason.LOTTERY_PENDING, null, null);
        }
        return answers.of(room, owner, ticket, reply);
    }

    /** {@code owner}'s ticket leaves the room; another key's ticket is answered as no ticket. */
    public void leave(SaleId saleId, KeyOwner owner, String ticket) {
        room(saleId);
        RoomRefusals.checkOwned(ticket, owner);
        boolean gone = redis.release(saleId, ticket, false) == TicketRelease.NO_SUCH_TICKET;
        recentPolls.forgetSale(saleId);
        if (gone) {
            throw RoomRefusals.ticketNotFound(ticket);
        }
    }

    /** Redis has no room: its settings and its counts, as PostgreSQL has them now, go back in. */
    private void reload(SaleId saleId) {
        state.configure(rooms.fresh(saleId).orElseThrow(() -> RoomRefusals.roomNotFound(saleId)));
    }

    /** The sale's room, as this node keeps it; 404 room-not-found when the sale has none. */
    public Room room(SaleId saleId) {
        return rooms.of(saleId).orElseThrow(() -> RoomRefusals.roomNotFound(saleId));
    }
}
