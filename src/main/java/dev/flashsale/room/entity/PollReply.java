package dev.flashsale.room.entity;

import java.time.Instant;

/** The room's answer to a ticket polled ({@code lua/room_batch.lua}): where it stands, or what to put right first. */
public sealed interface PollReply permits NoRoom, PollReply.NoSuchTicket, PollReply.LotteryDue, PollReply.PreQueued,
        PollReply.Waiting, PollReply.Admitted, PollReply.Over {

    /** The room has no such ticket. */
    record NoSuchTicket() implements PollReply {
    }

    /** The opening second has passed and the lottery is not drawn: draw it, then ask again. Nothing was changed. */
    record LotteryDue() implements PollReply {
    }

    /** In the pre-queue, which the lottery orders at {@code opensAt}. */
    record PreQueued(Instant opensAt, long preQueueLength) implements PollReply {
    }

    /**
     * In the queue at {@code position} (1 is next); {@code reason} is why admission is held up,
     * null while it runs.
     */
    record Waiting(long position, long queueLength, WaitReason reason) implements PollReply {
    }

    /**
     * Admitted: its token, for {@code buyer}, may be issued until {@code tokenExpiresAtMillis}; the
     * buyer as the room knows it ({@code <owner>/<buyerId>}), which only its key's owner unqualifies.
     */
    record Admitted(long tokenExpiresAtMillis, long queueLength, String buyer) implements PollReply {
    }

    /**
     * The ticket's wait is over without a token to use: {@code status} is SOLD_OUT, EXPIRED, LEFT,
     * REVOKED or CHECKOUT_ENDED.
     */
    record Over(QueueStatus status, long queueLength) implements PollReply {
    }
}
