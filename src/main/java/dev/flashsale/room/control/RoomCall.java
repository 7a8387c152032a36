package dev.flashsale.room.control;

import dev.flashsale.platform.id.BuyerId;
import dev.flashsale.platform.id.KeyOwner;
import dev.flashsale.platform.line.RequestLine;
import dev.flashsale.room.entity.PollReply;
import dev.flashsale.room.entity.TakeReply;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Function;

/**
 * One storefront call waiting in its room's {@link RequestLine}: a ticket taken ({@code T}, buyer,
 * new ticket) or polled ({@code P}, ticket), as {@code lua/room_batch.lua} takes it, then its
 * answer, decoded as the call's kind (or the failure of the Redis call that carried it), or its
 * turn to lead the next call.
 *
 * @param <A> the call's answer: {@link TakeReply} or {@link PollReply}
 */
final class RoomCall<A> {

    /** What ended the wait: the lead of the next call, the answer, or the deadline. */
    enum Turn { LEAD, ANSWERED, GAVE_UP }

    private final List<String> arguments;
    private final Function<Object, A> decoder;
    private final CompletableFuture<Turn> turn = new CompletableFuture<>();
    private volatile A answer;
    private volatile RuntimeException failure;

    private RoomCall(List<String> arguments, Function<Object, A> decoder) {
        this.arguments = arguments;
        this.decoder = decoder;
    }

    /** The room knows a buyer in the space of the storefront key that sends it ({@link KeyOwner#qualify}). */
    static RoomCall<TakeReply> take(KeyOwner owner, BuyerId buyerId, String newTicket) {
        return new RoomCall<>(List.of("T", owner.qualify(buyerId.value()), newTicket), RoomReplies::take);
    }

    static RoomCall<PollReply> poll(String ticket) {
        return new RoomCall<>(List.of("P", ticket, ""), RoomReplies::poll);
    }

    /** The script's three arguments for this call. */
    List<String> arguments() {
        return arguments;
    }

    /** The script's answer to the call, decoded; it wakes up unless it leads. */
    void answer(Object reply, boolean wake) {
        try {
            answer = decoder.apply(reply);
        } catch (RuntimeException undocumented) {
            failure = undocumented;
        }
        if (wake) {
            turn.complete(Turn.ANSWERED);
        }
    }

    /** The Redis call that carried this one failed; it wakes up unless it leads. */
    void fail(RuntimeException failed, boolean wake) {
        failure = failed;
        if (wake) {
            turn.complete(Turn.ANSWERED);
        }
    }

    /** @return false when the call gave up waiting just now, and the lead must go to the next */
    boolean lead() {
        return turn.complete(Turn.LEAD);
    }

    /**
     * Waits {@code waitMillis} at most. Past that, a call still queued leaves the line, and one
     * already taken into a Redis call stops waiting for it: either way GAVE_UP, and its request is
     * told to ask again (taking a ticket and polling one are both safe to repeat).
     */
    Turn await(RequestLine<RoomCall<?>> line, long waitMillis) {
        try {
            return turn.get(waitMillis, TimeUnit.MILLISECONDS);
        } catch (TimeoutException late) {
            if (line.withdraw(this) || turn.complete(Turn.GAVE_UP)) {
                return Turn.GAVE_UP;
            }
            return turn.join();
        } catch (InterruptedException | ExecutionException e) {
            if (e instanceof InterruptedException) {
                Thread.currentThread().interrupt();
            }
            throw new IllegalStateException("Interrupted while waiting for the waiting room", e);
        }
    }

    /** The answer given; the failure when the Redis call failed or its answer was not one documented. */
    A answer() {
        if (failure != null) {
            throw failure;
        }
        return answer;
    }
}
