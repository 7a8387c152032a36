package dev.flashsale.reservations.boundary;

import dev.flashsale.platform.Causes;
import dev.flashsale.platform.line.RequestLine;
import dev.flashsale.platform.problem.ProblemException;
import dev.flashsale.platform.problem.TransientFailure;
import dev.flashsale.reservations.control.CheckoutCounters;
import dev.flashsale.reservations.control.CheckoutLines;
import dev.flashsale.reservations.control.LineWaiter;
import dev.flashsale.reservations.entity.CheckoutGroups;
import dev.flashsale.reservations.entity.GroupAnswers;
import dev.flashsale.reservations.entity.ReserveAnswer;
import dev.flashsale.reservations.entity.ReserveCommand;
import dev.flashsale.reservations.entity.ReserveOutcome;
import dev.flashsale.stock.entity.Sku;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.util.Collections;
import java.util.List;
import java.util.Optional;
import java.util.logging.Level;
import java.util.logging.Logger;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * Groups the reserve requests that arrive for one stock row while a transaction on it runs, so
 * that one transaction ({@link ReserveTransaction}) reserves for all of them. Each stock row has its
 * line ({@link CheckoutLines}). Nobody waits for a
 * group to fill: a request that finds its line idle runs its transaction at once, alone; requests
 * that arrive meanwhile queue, and when it ends the first of them runs the next group for
 * everyone queued by then (at most {@code flashsale.checkout.group-max}). Under light load every
 * group has one request; under a rush a group holds the requests of one transaction's time.
 *
 * <p>Each request thread waits for its own answer and then carries on alone (its gate and its
 * HTTP answer). A group's transaction that fails (after its own retries) must not fail its
 * members: each is then reserved on its own, in a group of one; but for the database's passing
 * trouble, and a group of one told 503, which answer the group.
 */
@ApplicationScoped
public class CheckoutQueue {

    private static final Logger LOG = Logger.getLogger(CheckoutQueue.class.getName());

    @Inject
    ReserveTransaction transaction;

    @Inject
    CheckoutCounters counters;

    @Inject
    CheckoutLines lines;

    @Inject
    @ConfigProperty(name = "flashsale.checkout.group-max")
    int groupMax;

    @Inject
    @ConfigProperty(name = "flashsale.checkout.wait-ms")
    long waitMillis;

    /**
     * @return the reservation, or empty when the request is to be reserved on its own; throws the
     * refusal (sold out, sale not open, key reused...) as the single-request path would
     */
    public Optional<ReserveOutcome> reserve(ReserveCommand command) {
        if (groupMax <= 1) {
            return Optional.empty();
        }
        Sku sku = command.sku();
        CheckoutLines.Key key = lines.keyFor(sku);
        RequestLine<LineWaiter> line = lines.line(key);
        LineWaiter me = new LineWaiter(command);
        RequestLine.Place place = line.join(me);
        if (place == RequestLine.Place.FULL) {
            throw ProblemException.retryLater("busy", "Busy", "Too many requests wait for " + sku + " right now; retry shortly");
        }
        if (place == RequestLine.Place.LEAD || me.await(line, waitMillis, counters::gaveUpWaiting) == LineWaiter.Turn.LEAD) {
            lead(key, line, me);
        }
        ReserveAnswer answer = me.answer();
        return answer.decided() ? Optional.of(answer.outcomeOrThrow()) : Optional.empty();
    }

    public CheckoutGroups groups() {
        return counters.snapshot(groupMax, lines.size());
    }

    private void lead(CheckoutLines.Key key, RequestLine<LineWaiter> line, LineWaiter leader) {
        List<LineWaiter> group = line.groupLedBy(leader, groupMax);
        List<ReserveAnswer> answers = List.of();
        try {
            GroupAnswers answered = transaction.reserve(key.sku(), key.shard(),
                    group.stream().map(LineWaiter::command).toList());
            answers = answered.answers();
            lines.sharded(key.sku(), answered.shards());
            counters.groupRun(group.size());
        } catch (RuntimeException failed) {
            // The database's passing trouble (a locked row, a restart) answers the whole group:
            // reserving each alone would only make every member wait for it once more. So does the
            // 503 of a group of one (races lost at every attempt): alone, it would run the same again.
            Optional<ProblemException> retryLater = TransientFailure.answer(failed);
            if (retryLater.isEmpty() && group.size() == 1 && failed instanceof ProblemException answered && answered.status() == 503) {
                retryLater = Optional.of(answered);
            }
            if (retryLater.isPresent()) {
                answers = Collections.nCopies(group.size(), ReserveAnswer.refused(retryLater.get()));
            }
            String then = retryLater.isPresent() ? "; answered 503: " : "; each is reserved on its own: ";
            LOG.log(Level.WARNING, "The transaction of a group of " + group.size() + " reservation(s) of "
                    + leader.command().sku() + " failed" + then + Causes.summary(failed));
            LOG.log(Level.FINE, "Group transaction failure", failed);
        } finally {
            for (int i = 0; i < group.size(); i++) {
                LineWaiter waiter = group.get(i);
                ReserveAnswer answer = i < answers.size() ? answers.get(i) : ReserveAnswer.UNDECIDED;
                if (!answer.decided()) {
                    counters.leftUndecided();
                }
                waiter.answer(answer, waiter != leader);
            }
            handOverLead(key, line);
        }
    }

    /** The next queued request leads the next group; one that gave up waiting just now passes it on. */
    private void handOverLead(CheckoutLines.Key key, RequestLine<LineWaiter> line) {
        for (Optional<LineWaiter> next = line.handOver(); next.isPresent(); next = line.handOver()) {
            if (next.get().lead()) {
                return;
            }
        }
        lines.idle(key, line);
    }
}
