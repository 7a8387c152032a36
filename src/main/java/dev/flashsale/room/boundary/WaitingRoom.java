package dev.flashsale.room.boundary;

import dev.flashsale.platform.id.KeyOwner;
import dev.flashsale.platform.problem.ProblemException;
import dev.flashsale.room.control.AdmissionTokens;
import dev.flashsale.room.control.Lottery;
import dev.flashsale.room.control.LotteryRecords;
import dev.flashsale.room.control.RecentPolls;
import dev.flashsale.room.control.RoomCalls;
import dev.flashsale.room.control.RoomKeys;
import dev.flashsale.room.control.RoomMetrics;
import dev.flashsale.room.control.RoomRedis;
import dev.flashsale.room.control.RoomState;
import dev.flashsale.room.control.Rooms;
import dev.flashsale.room.control.TicketNames;
import dev.flashsale.room.entity.AdmissionClaims;
import dev.flashsale.room.entity.NoRoom;
import dev.flashsale.room.entity.PollReply;
import dev.flashsale.room.entity.QueueAnswer;
import dev.flashsale.room.entity.QueueStatus;
import dev.flashsale.room.entity.Room;
import dev.flashsale.room.entity.RoomInfo;
import dev.flashsale.room.entity.TakeReply;
import dev.flashsale.room.entity.TicketRelease;
import dev.flashsale.room.entity.WaitReason;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.time.Instant;
import java.util.UUID;

/**
 * The storefront's side of the room: take a ticket, poll it, leave; the room's public facts and
 * its lottery record. Answers come from Redis ({@link RoomCalls}, which carries a crowd's tickets
 * and polls together) and this node's memory; PostgreSQL is asked only for a room's settings
 * (cached), a sale's units (cached, {@code RoomStock}), once per room to record the lottery, which
 * the first poll after the opening second starts drawing on whichever node it lands ({@link SteppedDraw}),
 * and once per node for the lottery's stored record.
 */
@ApplicationScoped
public class WaitingRoom {

    /** A ticket's answer, and whether the ticket was taken by this request. */
    public record Taken(QueueAnswer answer, boolean created) {
    }

    @Inject
    Rooms rooms;

    @Inject
    RoomRedis redis;

    @Inject
    RoomState state;

    @Inject
    RoomCalls calls;

    @Inject
    AdmissionTokens tokens;

    @Inject
    SteppedDraw draw;

    @Inject
    LotteryRecords records;

    @Inject
    RoomMetrics metrics;

    @Inject
    RecentPolls recentPolls;

    /**
     * The buyer's ticket, taken by {@code owner}'s key: each storefront key has its own buyers (the
     * room knows the buyer by {@link KeyOwner#qualify}), so another key's same buyer id takes
     * another ticket.
     */
    public Taken take(UUID saleId, KeyOwner owner, String buyerId) {
        Room room = room(saleId);
        String fresh = TicketNames.fresh(owner);
        for (int attempt = 0; attempt < 3; attempt++) {
            TakeReply reply = calls.take(saleId, owner.qualify(buyerId), fresh);
            if (reply instanceof NoRoom) {
                reload(saleId);
            } else if (reply instanceof TakeReply.RoomOff) {
                throw ProblemException.conflict("room-off", "Waiting room off", "Sale " + saleId + " has its waiting room off");
            } else if (reply instanceof TakeReply.QueueNotOpen notOpen) {
                throw ProblemException.conflict("queue-not-open", "Queue not open", "The waiting room of sale " + saleId
                        + " opens at " + notOpen.opensAt());
            } else if (reply instanceof TakeReply.QueueFull full) {
                throw ProblemException.conflict("queue-full", "Queue full", "The waiting room of sale " + saleId
                        + " gave out its most tickets (" + full.ticketsMax() + "); it takes no new buyer");
            } else {
                TakeReply.Ticket taken = (TakeReply.Ticket) reply;
                QueueAnswer polled = answered(room, owner, taken.ticket(), taken.poll());
                if (polled != null) {
                    recentPolls.learnt(saleId, taken.ticket(), polled);
                }
                return new Taken(polled != null ? polled : poll(saleId, owner, taken.ticket()), taken.created());
            }
        }
        throw RoomCalls.unavailable();
    }

    /**
     * Where {@code owner}'s ticket stands: from what this node learnt lately of a waiting or
     * admitted ticket ({@link RecentPolls}), else from Redis. Another key's ticket is answered as no ticket.
     */
    public QueueAnswer poll(UUID saleId, KeyOwner owner, String ticket) {
        Room room = room(saleId);
        checkTicket(ticket, owner);
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
            throw ticketNotFound(ticket);
        }
        if (reply instanceof PollReply.LotteryDue) {
            // Drawn (a small room, at once): ask again for the place; else keep waiting while the draw runs.
            return draw.drawOrAwait(room) ? null : new QueueAnswer(ticket, QueueStatus.WAITING, null, 0, null,
                    room.pollAfterSeconds(), WaitReason.LOTTERY_PENDING, null, null);
        }
        return answerOf(room, owner, ticket, reply);
    }

    /** {@code owner}'s ticket leaves the room; another key's ticket is answered as no ticket. */
    public void leave(UUID saleId, KeyOwner owner, String ticket) {
        room(saleId);
        checkTicket(ticket, owner);
        TicketRelease released = redis.release(saleId, ticket, false);
        recentPolls.forgetSale(saleId);
        if (released == TicketRelease.NO_SUCH_TICKET) {
            throw ticketNotFound(ticket);
        }
    }

    public RoomInfo info(UUID saleId) {
        Room room = room(saleId);
        long waiting = state.size(RoomKeys.queue(saleId)) + state.size(RoomKeys.preQueue(saleId));
        return new RoomInfo(saleId, room.enabled(), room.preQueueOpensAt(), room.opensAt(), room.seedHash(),
                room.drawn() ? Lottery.hex(room.seed()) : null, room.drawnAt(), waiting, state.counter(saleId, "admittedTotal"));
    }

    /** The lottery's public record, gzip JSON as stored with the draw ({@link LotteryRecords}); 409 before the draw. */
    public byte[] lotteryRecordGzip(UUID saleId) {
        Room room = room(saleId);
        return records.gzipOf(saleId).orElseThrow(() -> ProblemException.conflict("lottery-not-drawn", "Lottery not drawn",
                "The lottery of sale " + saleId + " is drawn at its opening second" + (room.opensAt() == null ? "" : ", "
                        + room.opensAt()) + "; its seed's SHA-256 is " + room.seedHash()));
    }

    private QueueAnswer answerOf(Room room, KeyOwner owner, String ticket, PollReply reply) {
        int pollAfter = room.pollAfterSeconds();
        if (reply instanceof PollReply.Waiting waiting) {
            int rate = room.admissionPerSecond();
            Long estimate = waiting.reason() == null ? (waiting.position() + rate - 1) / rate : null;
            return new QueueAnswer(ticket, QueueStatus.WAITING, waiting.position(), waiting.queueLength(), estimate, pollAfter,
                    waiting.reason(), null, null);
        }
        if (reply instanceof PollReply.Admitted admitted) {
            long expiry = admitted.tokenExpiresAtMillis();
            // The token names the buyer as the storefront knows it; its ticket names the key (AdmissionCheck checks both).
            String token = tokens.sign(new AdmissionClaims(room.saleId(), ticket, expiry, owner.unqualify(admitted.buyerId())));
            return new QueueAnswer(ticket, QueueStatus.ADMITTED, null, admitted.queueLength(), 0L, pollAfter, null, token,
                    Instant.ofEpochMilli(expiry));
        }
        if (reply instanceof PollReply.PreQueued preQueued) {
            return new QueueAnswer(ticket, QueueStatus.WAITING, null, preQueued.preQueueLength(), null, pollAfter,
                    WaitReason.LOTTERY_PENDING, null, null);
        }
        PollReply.Over over = (PollReply.Over) reply;
        return new QueueAnswer(ticket, over.status(), null, over.queueLength(), null, pollAfter, null, null, null);
    }

    /** Redis has no room: its settings and its count of admissions, as PostgreSQL has them now, go back in. */
    private void reload(UUID saleId) {
        state.configure(rooms.fresh(saleId).orElseThrow(() -> roomNotFound(saleId)));
    }

    private Room room(UUID saleId) {
        return rooms.of(saleId).orElseThrow(() -> roomNotFound(saleId));
    }

    static ProblemException roomNotFound(UUID saleId) {
        return ProblemException.notFound("room", "Sale " + saleId + " has no waiting room");
    }

    static void checkTicket(String ticket) {
        if (!TicketNames.isName(ticket)) {
            throw ticketNotFound(ticket);
        }
    }

    private static void checkTicket(String ticket, KeyOwner owner) {
        if (!TicketNames.isOwnedBy(ticket, owner)) {
            throw ticketNotFound(ticket);
        }
    }

    static ProblemException ticketNotFound(String ticket) {
        return ProblemException.notFound("ticket", "There is no ticket " + (ticket == null ? "" : ticket.substring(0,
                Math.min(ticket.length(), 64))) + " in this room");
    }
}
