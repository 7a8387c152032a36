package dev.flashsale.room.control;

import dev.flashsale.platform.line.RequestLine;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * One storefront call waiting in its room's {@link RequestLine}: a ticket taken ({@code T}, buyer,
 * new ticket) or polled ({@code P}, ticket), as {@code lua/room_batch.lua} takes it, then its
 * answer (or the failure of the Redis call that carried it) or its turn to lead the next call.
 */
final class RoomCall {

    /** What ended the wait: the lead of the next call, the answer, or the deadline. */
    enum Turn { LEAD, ANSWERED, GAVE_UP }

    private final List<String> arguments;
    private final CompletableFuture<Turn> turn = new CompletableFuture<>();
    private volatile List<Object> answer;
    private volatile RuntimeException failure;

    private RoomCall(List<String> arguments) {
        this.arguments = arguments;
    }

    static RoomCall take(String buyerId, String newTicket) {
        return new RoomCall(List.of("T", buyerId, newTicket));
    }

    static RoomCall poll(String ticket) {
        return new RoomCall(List.of("P", ticket, ""));
    }

    /** The script's three arguments for this call. */
    List<String> arguments() {
        return arguments;
    }

    /** The call's answer; it wakes up unless it leads. */
    void answer(List<Object> given, boolean wake) {
        answer = given;
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
    Turn await(RequestLine<RoomCall> line, long waitMillis) {
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

    /** The answer given; the failure when the Redis call failed. */
    List<Object> answer() {
        if (failure != null) {
            throw failure;
        }
        return answer;
    }
}
