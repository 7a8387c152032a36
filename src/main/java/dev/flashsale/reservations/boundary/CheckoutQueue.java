package dev.flashsale.reservations.boundary;

import dev.flashsale.reservations.entity.CheckoutGroups;
import dev.flashsale.reservations.entity.ReserveAnswer;
import dev.flashsale.reservations.entity.ReserveCommand;
import dev.flashsale.reservations.entity.ReserveOutcome;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.LongAdder;
import java.util.logging.Level;
import java.util.logging.Logger;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * Groups the reserve requests that arrive for one SKU while a transaction on it runs, so that one
 * transaction ({@link GroupCheckout}) reserves for all of them. Nobody waits for a group to fill:
 * a request that finds its SKU's line idle runs its transaction at once, alone; requests that
 * arrive meanwhile queue, and when it ends the first of them runs the next group for everyone
 * queued by then (at most {@code flashsale.checkout.group-max}). Under light load every group
 * has one request; under a rush a group holds the requests of one transaction's time.
 *
 * <p>Each request thread waits for its own answer and then carries on alone (its gate and its
 * HTTP answer). A group's transaction that fails leaves every request of it undecided, and each
 * is then reserved on its own; so does every request on a sharded SKU.
 */
@ApplicationScoped
public class CheckoutQueue {

    private static final Logger LOG = Logger.getLogger(CheckoutQueue.class.getName());

    @Inject
    GroupCheckout groups;

    @Inject
    @ConfigProperty(name = "flashsale.checkout.group-max", defaultValue = "64")
    int groupMax;

    private final ConcurrentHashMap<String, Line> lines = new ConcurrentHashMap<>();
    private final LongAdder groupsRun = new LongAdder();
    private final LongAdder requestsGrouped = new LongAdder();
    private final LongAdder undecided = new LongAdder();

    /**
     * @return the reservation, or empty when the request is to be reserved on its own; throws the
     * refusal (sold out, sale not open, key reused...) as the single-request path would
     */
    public Optional<ReserveOutcome> reserve(ReserveCommand command) {
        if (groupMax <= 1) {
            return Optional.empty();
        }
        Line line = lines.computeIfAbsent(command.sku().value(), sku -> new Line());
        if (line.sharded) {
            return Optional.empty();
        }
        Waiter me = new Waiter(command);
        if (line.join(me) || me.turn.join() == Turn.LEAD) {
            lead(line, me);
        }
        ReserveAnswer answer = me.answer;
        return answer.decided() ? Optional.of(answer.outcomeOrThrow()) : Optional.empty();
    }

    public CheckoutGroups groups() {
        return new CheckoutGroups(groupMax, groupsRun.sum(), requestsGrouped.sum(), undecided.sum());
    }

    private void lead(Line line, Waiter leader) {
        List<Waiter> group = line.groupLedBy(leader, groupMax);
        List<ReserveAnswer> answers = List.of();
        try {
            answers = groups.reserveAll(leader.command.sku(), group.stream().map(waiter -> waiter.command).toList());
            groupsRun.increment();
            requestsGrouped.add(group.size());
            if (answers.stream().anyMatch(ReserveAnswer::skuNotGrouped)) {
                line.sharded = true;
            }
        } catch (RuntimeException failed) {
            LOG.log(Level.WARNING, "The transaction of a group of " + group.size() + " reservation(s) of "
                    + leader.command.sku() + " failed; each is reserved on its own: " + failed);
            LOG.log(Level.FINE, "Group transaction failure", failed);
        } finally {
            for (int i = 0; i < group.size(); i++) {
                Waiter waiter = group.get(i);
                waiter.answer = i < answers.size() ? answers.get(i) : ReserveAnswer.UNDECIDED;
                if (!waiter.answer.decided()) {
                    undecided.increment();
                }
                if (waiter != leader) {
                    waiter.turn.complete(Turn.ANSWERED);
                }
            }
            line.handOver();
        }
    }

    private enum Turn { LEAD, ANSWERED }

    /** One request in a line: its command, then its answer or its turn to lead the next group. */
    private static final class Waiter {
        final ReserveCommand command;
        final CompletableFuture<Turn> turn = new CompletableFuture<>();
        volatile ReserveAnswer answer = ReserveAnswer.UNDECIDED;

        Waiter(ReserveCommand command) {
            this.command = command;
        }
    }

    /** The requests of one SKU waiting for the group transaction that runs now to end. */
    private static final class Line {
        private final ArrayDeque<Waiter> queued = new ArrayDeque<>();
        private boolean busy;
        volatile boolean sharded;

        /** @return true when the line was idle: the caller leads a group at once */
        synchronized boolean join(Waiter waiter) {
            if (!busy) {
                busy = true;
                return true;
            }
            queued.add(waiter);
            return false;
        }

        synchronized List<Waiter> groupLedBy(Waiter leader, int max) {
            List<Waiter> group = new ArrayList<>();
            group.add(leader);
            while (group.size() < max && !queued.isEmpty()) {
                group.add(queued.poll());
            }
            return group;
        }

        /** The first request queued leads the next group; with none, the line goes idle. */
        synchronized void handOver() {
            Waiter next = queued.poll();
            if (next == null) {
                busy = false;
            } else {
                next.turn.complete(Turn.LEAD);
            }
        }
    }
}
