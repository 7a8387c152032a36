package dev.flashsale.room.boundary;

import dev.flashsale.platform.concurrent.RequestThreads;
import dev.flashsale.platform.id.KeyOwner;
import dev.flashsale.platform.id.SaleId;
import dev.flashsale.room.control.PollAnswers;
import dev.flashsale.room.control.RoomMetrics;
import dev.flashsale.room.control.RoomRefusals;
import dev.flashsale.room.control.RoomState;
import dev.flashsale.room.control.Rooms;
import dev.flashsale.room.entity.NoRoom;
import dev.flashsale.room.entity.PollReply;
import dev.flashsale.room.entity.QueueAnswer;
import dev.flashsale.room.entity.QueueStatus;
import dev.flashsale.room.entity.Room;
import dev.flashsale.room.entity.WaitReason;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;

/**
 * What Redis' reply to a poll tells the buyer, or, when the reply lacked something (the room's
 * settings in Redis, its lottery drawn), that it is put right for the poll to be asked again.
 */
@ApplicationScoped
class PollReplies {

    static final long RELOAD_SPACING_MS = 250;

    @Inject
    Rooms rooms;

    @Inject
    RoomState state;

    @Inject
    PollAnswers answers;

    @Inject
    SteppedDraw draw;

    @Inject
    RequestThreads threads;

    @Inject
    RoomMetrics metrics;

    /** When this node last put each room back in Redis: one entry per sale whose room it ever put back. */
    private final ConcurrentHashMap<SaleId, Long> reloadedAt = new ConcurrentHashMap<>();

    /**
     * A poll's answer; null once what it lacked (the room's settings in Redis, the lottery drawn)
     * is put right, for the poll to be asked again.
     */
    CompletableFuture<QueueAnswer> answered(Room room, KeyOwner owner, String ticket, PollReply reply) {
        if (reply instanceof NoRoom) {
            reload(room.saleId());
            return CompletableFuture.completedFuture(null);
        }
        if (reply instanceof PollReply.NoSuchTicket) {
            throw RoomRefusals.ticketNotFound(ticket);
        }
        if (reply instanceof PollReply.LotteryDue) {
            // Drawn (a small room, at once): ask again for the place; else keep waiting while the draw runs.
            CompletableFuture<Boolean> drawn = draw.drawOrAwait(room);
            Function<Boolean, QueueAnswer> then = over -> over ? null : new QueueAnswer(ticket, QueueStatus.WAITING, null, 0, null,
                    room.pollAfterSeconds(), WaitReason.LOTTERY_PENDING, null, null);
            // What follows a draw waited for runs on a request thread, not on the one that ended the draw or the wait.
            return drawn.isDone() ? drawn.thenApply(then) : drawn.thenApplyAsync(then, threads);
        }
        return CompletableFuture.completedFuture(answers.of(room, owner, ticket, reply));
    }

    /**
     * Redis has no room: its settings and its counts, as PostgreSQL has them now, go back in; once
     * for the calls that found it gone together (one Redis call's, answered one after another on
     * one thread): a room this node put back less than {@value #RELOAD_SPACING_MS} ms ago is not
     * put back again, and the call asks again and finds it.
     */
    void reload(SaleId saleId) {
        Long last = reloadedAt.get(saleId);
        if (last != null && System.nanoTime() - last < TimeUnit.MILLISECONDS.toNanos(RELOAD_SPACING_MS)) {
            return;
        }
        state.configure(rooms.fresh(saleId).orElseThrow(() -> RoomRefusals.roomNotFound(saleId)));
        reloadedAt.put(saleId, System.nanoTime());
        metrics.roomReloaded();
    }
}
