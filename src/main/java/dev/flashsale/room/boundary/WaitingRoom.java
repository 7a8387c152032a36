package dev.flashsale.room.boundary;

import dev.flashsale.platform.id.BuyerId;
import dev.flashsale.platform.id.KeyOwner;
import dev.flashsale.platform.id.SaleId;
import dev.flashsale.room.control.RecentPolls;
import dev.flashsale.room.control.RoomCalls;
import dev.flashsale.room.control.RoomRedis;
import dev.flashsale.room.control.RoomRefusals;
import dev.flashsale.room.control.Rooms;
import dev.flashsale.room.control.TicketNames;
import dev.flashsale.room.control.WrittenAnswer;
import dev.flashsale.room.entity.NoRoom;
import dev.flashsale.room.entity.QueueAnswer;
import dev.flashsale.room.entity.Room;
import dev.flashsale.room.entity.TakeReply;
import dev.flashsale.room.entity.TicketRelease;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.util.concurrent.CompletableFuture;

/**
 * The storefront's side of the room: take a ticket, poll it, leave. Answers come from Redis
 * ({@link RoomCalls}, which carries a crowd's tickets and polls together) and this node's memory;
 * PostgreSQL is asked only for a room's settings and a sale's units (both cached), and once per
 * room to record the lottery, which the first poll after the opening second starts drawing on
 * whichever node it lands ({@link SteppedDraw}).
 */
@ApplicationScoped
public class WaitingRoom {

    /** How often a take or poll asks Redis at most, when an answer lacked something put right meanwhile. */
    private static final int ATTEMPTS = 3;

    @Inject
    Rooms rooms;

    @Inject
    RoomRedis redis;

    @Inject
    RoomCalls calls;

    @Inject
    RecentPolls recentPolls;

    @Inject
    PollReplies replies;

    /**
     * The buyer's ticket, taken by {@code owner}'s key, and where it stands: each key has its own
     * buyers (the room knows the buyer by {@link KeyOwner#qualify}), so another key's same buyer id
     * takes another ticket. It comes once the Redis call that carries the take returns, on the
     * thread that ran that call ({@link RoomCalls}), or later when the answer needed more (a
     * room reloaded, a draw waited for).
     */
    public CompletableFuture<TakenTicket> take(SaleId saleId, KeyOwner owner, BuyerId buyerId) {
        return taken(room(saleId), owner, buyerId, TicketNames.fresh(owner), 0);
    }

    private CompletableFuture<TakenTicket> taken(Room room, KeyOwner owner, BuyerId buyerId, String fresh, int attempt) {
        if (attempt == ATTEMPTS) {
            return CompletableFuture.failedFuture(RoomCalls.unavailable());
        }
        SaleId saleId = room.saleId();
        return calls.take(saleId, owner, buyerId, fresh).thenCompose(reply -> {
            if (reply instanceof NoRoom) {
                replies.reload(saleId);
                return taken(room(saleId), owner, buyerId, fresh, attempt + 1);
            }
            if (!(reply instanceof TakeReply.Ticket taken)) {
                throw RoomRefusals.ofTake(saleId, reply);
            }
            return replies.answered(room, owner, taken.ticket(), taken.poll())
                    .thenCompose(polled -> polled != null ? learnt(saleId, taken.ticket(), polled) : polled(saleId, owner, taken.ticket(), 0))
                    .thenApply(answered -> new TakenTicket(answered, taken.created()));
        });
    }

    /**
     * Where {@code owner}'s ticket stands: from what this node learnt lately of a waiting or
     * admitted ticket ({@link RecentPolls}), at once, else from Redis, as {@link #take} answers.
     * Another key's ticket is answered as no ticket.
     */
    public CompletableFuture<WrittenAnswer> poll(SaleId saleId, KeyOwner owner, String ticket) {
        room(saleId);
        RoomRefusals.checkOwned(ticket, owner);
        WrittenAnswer known = recentPolls.recent(saleId, ticket);
        if (known != null) {
            return CompletableFuture.completedFuture(known);
        }
        return polled(saleId, owner, ticket, 0);
    }

    /** Asks Redis where the ticket stands, again once what the answer lacked is put right: three times at most. */
    private CompletableFuture<WrittenAnswer> polled(SaleId saleId, KeyOwner owner, String ticket, int attempt) {
        if (attempt == ATTEMPTS) {
            return CompletableFuture.failedFuture(RoomCalls.unavailable());
        }
        Room room = room(saleId);
        return calls.poll(saleId, ticket)
                .thenCompose(reply -> replies.answered(room, owner, ticket, reply))
                .thenCompose(answer -> answer != null ? learnt(saleId, ticket, answer) : polled(saleId, owner, ticket, attempt + 1));
    }

    private CompletableFuture<WrittenAnswer> learnt(SaleId saleId, String ticket, QueueAnswer answer) {
        return CompletableFuture.completedFuture(recentPolls.learnt(saleId, ticket, answer));
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

    /** The sale's room, as this node keeps it; 404 room-not-found when the sale has none. */
    public Room room(SaleId saleId) {
        return rooms.of(saleId).orElseThrow(() -> RoomRefusals.roomNotFound(saleId));
    }
}
