package dev.flashsale.room.control;

import dev.flashsale.platform.id.BuyerId;
import dev.flashsale.platform.id.KeyOwner;
import dev.flashsale.room.entity.PollReply;
import dev.flashsale.room.entity.TakeReply;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.function.Function;

/**
 * One storefront call waiting in its room's line: a ticket taken ({@code T}, buyer, new ticket) or
 * polled ({@code P}, ticket), as {@code lua/room_batch.lua} takes it, and its answer to come,
 * decoded as the call's kind, or the failure of the Redis call that carried it (or of its wait).
 * The thread that completes it runs what its request does next.
 *
 * @param <A> the call's answer: {@link TakeReply} or {@link PollReply}
 */
final class RoomCall<A> {

    private final List<String> arguments;
    private final Function<Object, A> decoder;
    private final long queuedAt = System.nanoTime();
    private final CompletableFuture<A> answer = new CompletableFuture<>();

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

    /** Whether it has waited longer than {@code waitNanos} since it joined its line. */
    boolean waitedLongerThan(long waitNanos, long now) {
        return now - queuedAt > waitNanos;
    }

    /** The script's reply to the call: its answer, decoded, or the failure when the reply is not one documented. */
    void answer(Object reply) {
        A decoded;
        try {
            decoded = decoder.apply(reply);
        } catch (RuntimeException undocumented) {
            answer.completeExceptionally(undocumented);
            return;
        }
        answer.complete(decoded);
    }

    /** The call failed: the Redis call that carried it, or its wait. */
    void fail(RuntimeException failed) {
        answer.completeExceptionally(failed);
    }

    /** Its answer, once there is one. */
    CompletableFuture<A> answer() {
        return answer;
    }
}
