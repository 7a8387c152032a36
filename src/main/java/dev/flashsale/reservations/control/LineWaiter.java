package dev.flashsale.reservations.control;

import dev.flashsale.platform.line.RequestLine;
import dev.flashsale.platform.problem.ProblemException;
import dev.flashsale.reservations.entity.ReserveAnswer;
import dev.flashsale.reservations.entity.ReserveCommand;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/** One request in a {@link RequestLine}: its command, then its answer or its turn to lead the next group. */
public final class LineWaiter {

    /** What ended the wait: the lead of the next group, the group's answer, or the deadline. */
    public enum Turn { LEAD, ANSWERED, GAVE_UP }

    private final ReserveCommand command;
    private final CompletableFuture<Turn> turn = new CompletableFuture<>();
    private volatile ReserveAnswer answer = ReserveAnswer.UNDECIDED;

    public LineWaiter(ReserveCommand command) {
        this.command = command;
    }

    public ReserveCommand command() {
        return command;
    }

    public ReserveAnswer answer() {
        return answer;
    }

    /** The group's answer for this request; it wakes up unless it is the leader or gave up. */
    public void answer(ReserveAnswer given, boolean wake) {
        answer = given;
        if (wake) {
            turn.complete(Turn.ANSWERED);
        }
    }

    /** @return false when the request gave up waiting just now, and the lead must go to the next */
    public boolean lead() {
        return turn.complete(Turn.LEAD);
    }

    /**
     * Waits {@code waitMillis} at most. Still queued then, the request leaves the line: 503 busy,
     * nothing was tried. Already taken into a group (or handed the lead) it waits once more as
     * long, for the group's transaction; past that it gives up: 503, outcome unknown, which a
     * retry under the same key resolves. Either way {@code gaveUp} is told, before the 503.
     */
    public Turn await(RequestLine<LineWaiter> line, long waitMillis, Runnable gaveUp) {
        try {
            return turn.get(waitMillis, TimeUnit.MILLISECONDS);
        } catch (TimeoutException stillWaiting) {
            if (line.withdraw(this)) {
                gaveUp.run();
                throw ProblemException.retryLater("busy", "Busy", "The reservations of " + command.sku()
                        + " are slow right now; retry shortly");
            }
            return awaitGroup(waitMillis, gaveUp);
        } catch (InterruptedException | ExecutionException e) {
            throw interrupted(e);
        }
    }

    private Turn awaitGroup(long waitMillis, Runnable gaveUp) {
        try {
            return turn.get(waitMillis, TimeUnit.MILLISECONDS);
        } catch (TimeoutException groupStuck) {
            if (turn.complete(Turn.GAVE_UP)) {
                gaveUp.run();
                throw ProblemException.retryLater("service-unavailable", "Service unavailable", "The reservation of "
                        + command.sku() + " did not finish in time; retry with the same Idempotency-Key to learn its outcome");
            }
            return turn.join();
        } catch (InterruptedException | ExecutionException e) {
            throw interrupted(e);
        }
    }

    private static RuntimeException interrupted(Exception e) {
        if (e instanceof InterruptedException) {
            Thread.currentThread().interrupt();
        }
        return new IllegalStateException("Interrupted while waiting in a checkout line", e);
    }
}
