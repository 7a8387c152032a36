package dev.flashsale.reservations.boundary;

import dev.flashsale.platform.Causes;
import dev.flashsale.reservations.entity.CheckoutGroups;
import dev.flashsale.reservations.entity.GroupAnswers;
import dev.flashsale.reservations.entity.ReserveAnswer;
import dev.flashsale.reservations.entity.ReserveCommand;
import dev.flashsale.reservations.entity.ReserveOutcome;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.sql.SQLException;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.atomic.LongAdder;
import java.util.logging.Level;
import java.util.logging.Logger;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * Groups the reserve requests that arrive for one stock row while a transaction on it runs, so
 * that one transaction ({@link GroupCheckout}) reserves for all of them. Each stock row has its
 * line; a request on a sharded SKU joins the line of a shard picked at random. Nobody waits for a
 * group to fill: a request that finds its line idle runs its transaction at once, alone; requests
 * that arrive meanwhile queue, and when it ends the first of them runs the next group for
 * everyone queued by then (at most {@code flashsale.checkout.group-max}). Under light load every
 * group has one request; under a rush a group holds the requests of one transaction's time.
 *
 * <p>Each request thread waits for its own answer and then carries on alone (its gate and its
 * HTTP answer). A group's transaction that fails leaves every request of it undecided, and each
 * is then reserved on its own.
 */
@ApplicationScoped
public class CheckoutQueue {

    private static final Logger LOG = Logger.getLogger(CheckoutQueue.class.getName());

    @Inject
    GroupCheckout groups;

    @Inject
    @ConfigProperty(name = "flashsale.checkout.group-max", defaultValue = "64")
    int groupMax;

    private final ConcurrentHashMap<LineKey, Line> lines = new ConcurrentHashMap<>();
    /** The stock rows of each SKU met so far (a SKU never changes its number of shards). */
    private final ConcurrentHashMap<String, Integer> shardsOfSku = new ConcurrentHashMap<>();
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
        String sku = command.sku().value();
        int shards = shardsOfSku.getOrDefault(sku, 1);
        LineKey key = new LineKey(sku, shards == 1 ? 0 : ThreadLocalRandom.current().nextInt(shards));
        Line line = lines.computeIfAbsent(key, unused -> new Line());
        Waiter me = new Waiter(command);
        if (line.join(me) || me.turn.join() == Turn.LEAD) {
            lead(key, line, me);
        }
        ReserveAnswer answer = me.answer;
        return answer.decided() ? Optional.of(answer.outcomeOrThrow()) : Optional.empty();
    }

    public CheckoutGroups groups() {
        return new CheckoutGroups(groupMax, groupsRun.sum(), requestsGrouped.sum(), undecided.sum());
    }

    private void lead(LineKey key, Line line, Waiter leader) {
        List<Waiter> group = line.groupLedBy(leader, groupMax);
        List<ReserveAnswer> answers = List.of();
        try {
            GroupAnswers answered = groups.reserveAll(leader.command.sku(), key.shard(),
                    group.stream().map(waiter -> waiter.command).toList());
            answers = answered.answers();
            shardsOfSku.put(key.sku(), answered.shards());
            groupsRun.increment();
            requestsGrouped.add(group.size());
        } catch (RuntimeException failed) {
            LOG.log(Level.WARNING, "The transaction of a group of " + group.size() + " reservation(s) of "
                    + leader.command.sku() + " failed; each is reserved on its own: " + rootCause(failed));
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

    private static String rootCause(Throwable failure) {
        Throwable root = Causes.root(failure);
        return root instanceof SQLException sql ? "SQLSTATE " + sql.getSQLState() + " " + sql.getMessage().lines().findFirst().orElse("")
                : root.toString();
    }

    private enum Turn { LEAD, ANSWERED }

    private record LineKey(String sku, int shard) {
    }

    /** One request in a line: its command, then its answer or its turn to lead the next group. */
    private static final class Waiter {
        final ReserveCommand command;
        final CompletableFuture<Turn> turn = new CompletableFuture<>();
        volatile ReserveAnswer answer = ReserveAnswer.UNDECIDED;

        Waiter(ReserveCommand command) {
            this.command = command;
        }
    }

    /** The requests of one stock row waiting for the group transaction that runs now to end. */
    private static final class Line {
        private final ArrayDeque<Waiter> queued = new ArrayDeque<>();
        private boolean busy;

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
