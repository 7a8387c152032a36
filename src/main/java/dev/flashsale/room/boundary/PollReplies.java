package dev.flashsale.room.boundary;

import dev.flashsale.platform.concurrent.RequestThreads;
import dev.flashsale.platform.id.KeyOwner;
import dev.flashsale.platform.id.SaleId;
import dev.flashsale.room.control.PollAnswers;
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
import java.util.function.Function;

/**
 * What Redis' reply to a poll tells the buyer, or, when the reply lacked something (the room's
 * settings in Redis, its lottery drawn), that it is put right for the poll to be asked again.
 */
@ApplicationScoped
class PollReplies {

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

    /** Redis has no room: its settings and its counts, as PostgreSQL has them now, go back in. */
    void reload(SaleId saleId) {
        state.configure(rooms.fresh(saleId).orElseThrow(() -> RoomRefusals.roomNotFound(saleId)));
    }
}
