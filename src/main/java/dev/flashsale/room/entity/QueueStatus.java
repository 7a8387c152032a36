package dev.flashsale.room.entity;

/** Where a ticket stands. */
public enum QueueStatus {
    /** In the queue (or in the pre-queue, before the lottery). */
    WAITING,
    /** Admitted: the answer carries the token that checkout requires. */
    ADMITTED,
    /** Nothing available and nothing held that could come back. */
    SOLD_OUT,
    /** The ticket missed its polls, or its token ran out. */
    EXPIRED,
    /** The buyer left the queue. */
    LEFT,
    /** A merchandiser revoked the ticket and its token. */
    REVOKED,
    /**
     * A reservation made with the ticket's token ended (paid for, cancelled or expired): the place
     * went to the next buyer and the token reserves no more.
     */
    CHECKOUT_ENDED
}
