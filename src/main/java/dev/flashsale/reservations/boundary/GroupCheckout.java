package dev.flashsale.reservations.boundary;

import dev.flashsale.platform.problem.ProblemException;
import dev.flashsale.reservations.control.HoldExpiry;
import dev.flashsale.reservations.control.ReservationBook;
import dev.flashsale.reservations.control.ReserveRules;
import dev.flashsale.reservations.entity.GroupAnswers;
import dev.flashsale.reservations.entity.PlacedHolds;
import dev.flashsale.reservations.entity.Reservation;
import dev.flashsale.reservations.entity.ReserveAnswer;
import dev.flashsale.reservations.entity.ReserveCommand;
import dev.flashsale.reservations.entity.ReserveOutcome;
import dev.flashsale.reservations.entity.SoldOutException;
import dev.flashsale.sales.boundary.Offers;
import dev.flashsale.sales.entity.Offer;
import dev.flashsale.stock.boundary.StockLedger;
import dev.flashsale.stock.entity.Sku;
import jakarta.annotation.Resource;
import jakarta.ejb.SessionContext;
import jakarta.ejb.Stateless;
import jakarta.inject.Inject;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;
import java.util.stream.Collectors;

/**
 * Reserving for a group of requests on one SKU in one transaction: the requests that arrived
 * while the previous group's transaction on the same stock row ran. Each request is checked as
 * {@link Checkout} checks it, and the new holds take their units together, by one guarded UPDATE
 * of the stock row for their sum, so the row is locked once per group instead of once per
 * request.
 *
 * <p>When the stock row has fewer units than the group asks for, it is locked and the requests
 * are served in the order they arrived, each one that still fits. On a SKU with one stock row
 * the others are refused as sold out. On a sharded SKU the group claims on its own shard, and
 * the requests that do not fit there are left to the single path, which walks the shards and
 * gathers thin ones (the end game).
 *
 * <p>A request this transaction cannot decide is answered {@link ReserveAnswer#UNDECIDED} and
 * reserved on its own: besides the case above, a second request with the same key in the
 * group, and the whole group when another transaction took one of its keys meanwhile (this
 * transaction then rolls back).
 */
@Stateless
public class GroupCheckout {

    @Inject
    Offers offers;

    @Inject
    StockLedger stock;

    @Inject
    ReservationBook reservations;

    @Inject
    HoldExpiry expiry;

    @Resource
    SessionContext transaction;

    /**
     * @param shard the stock row the new holds are to be claimed on (any below the SKU's shards)
     * @return one answer per command, in the commands' order; every command is for {@code sku}
     */
    public GroupAnswers reserveAll(Sku sku, int shard, List<ReserveCommand> commands) {
        ReserveAnswer[] answers = new ReserveAnswer[commands.size()];
        Optional<Offer> found = offers.find(sku);
        if (found.isEmpty()) {
            Arrays.setAll(answers, i -> ReserveAnswer.refused(ReserveRules.unknownSku(sku)));
            return new GroupAnswers(1, List.of(answers));
        }
        Offer offer = found.get();
        int shards = offer.level().shards();
        if (shard >= shards) {
            return GroupAnswers.allUndecided(shards, commands.size());
        }
        List<Integer> fresh = answerRetriesAndLimits(offer, commands, answers);
        Optional<ProblemException> closed = ReserveRules.notSelling(offer, sku);
        if (closed.isPresent()) {
            // One refusal answers them all: a problem exception has no stack trace and never changes.
            fresh.forEach(i -> answers[i] = ReserveAnswer.refused(closed.get()));
        } else if (!fresh.isEmpty() && !placeHolds(offer, shard, commands, fresh, answers)) {
            transaction.setRollbackOnly();
            return GroupAnswers.allUndecided(shards, commands.size());
        }
        for (int i = 0; i < answers.length; i++) {
            if (answers[i] == null) {
                answers[i] = ReserveAnswer.UNDECIDED;
            }
        }
        return new GroupAnswers(shards, List.of(answers));
    }

    /**
     * Answers the requests above the sale's limit and the retries of earlier reservations.
     *
     * @return the indexes of the requests that ask for a new hold, in arrival order (a second
     * request with the same key is left unanswered)
     */
    private List<Integer> answerRetriesAndLimits(Offer offer, List<ReserveCommand> commands, ReserveAnswer[] answers) {
        Set<String> keys = commands.stream().map(command -> command.key().value()).collect(Collectors.toCollection(LinkedHashSet::new));
        Map<String, Reservation> earlier = reservations.findByKeys(keys).stream()
                .collect(Collectors.toMap(Reservation::idempotencyKey, Function.identity()));
        Map<String, Integer> firstOfKey = new HashMap<>();
        List<Integer> fresh = new ArrayList<>();
        for (int i = 0; i < commands.size(); i++) {
            ReserveCommand command = commands.get(i);
            Optional<ProblemException> aboveLimit = ReserveRules.aboveLimit(offer, command);
            Reservation original = earlier.get(command.key().value());
            if (aboveLimit.isPresent()) {
                answers[i] = ReserveAnswer.refused(aboveLimit.get());
            } else if (original != null) {
                answers[i] = replay(original, command);
            } else if (firstOfKey.putIfAbsent(command.key().value(), i) == null) {
                fresh.add(i);
            }
        }
        return fresh;
    }

    private static ReserveAnswer replay(Reservation original, ReserveCommand command) {
        try {
            return ReserveAnswer.of(ReserveRules.replay(original, command));
        } catch (ProblemException keyReused) {
            return ReserveAnswer.refused(keyReused);
        }
    }

    /**
     * Takes the units of the new holds: all at once when the shard has them; otherwise with the
     * shard locked, for each request in arrival order that still fits. On a SKU of one row the
     * others are sold out; on a sharded SKU they are left undecided. Overdue holds are expired
     * first when the counts say the group does not fit (the lazy reclaim of a single request); a
     * SKU without enough units even then refuses the group without locking anything.
     *
     * @return false when another transaction took one of the keys (the group must roll back)
     */
    private boolean placeHolds(Offer offer, int shard, List<ReserveCommand> commands, List<Integer> fresh, ReserveAnswer[] answers) {
        String sku = offer.level().sku();
        int asked = fresh.stream().mapToInt(i -> commands.get(i).qty()).sum();
        int smallest = fresh.stream().mapToInt(i -> commands.get(i).qty()).min().orElseThrow();
        boolean sharded = offer.level().shards() > 1;
        int available = offer.level().available();
        int reclaimed = available < asked ? expiry.expireOverdueHoldsOfSku(sku).units() : 0;
        available += reclaimed;
        if (available < smallest) {
            // Sold out even after giving back overdue holds: refused without locking the row.
            boolean nothingLeft = available <= 0;
            fresh.forEach(i -> answers[i] = ReserveAnswer.refused(new SoldOutException(sku, commands.get(i).qty(), nothingLeft)));
            return true;
        }
        if (sharded && reclaimed > 0) {
            // The expiry locked shards in shard order; locking this one now could break that
            // order, so the single path claims (it takes shards in order).
            return true;
        }
        if (available >= asked) {
            PlacedHolds placed = reservations.insertHoldsClaimingUnits(sku, shard, pick(commands, fresh), offer.holdSeconds());
            if (placed.claimed()) {
                return answerPlaced(commands, fresh, placed, answers);
            }
        }
        int free = stock.lockFreeUnits(sku, shard);
        List<Integer> fits = new ArrayList<>();
        for (int i : fresh) {
            int qty = commands.get(i).qty();
            if (qty <= free) {
                fits.add(i);
                free -= qty;
            }
        }
        if (!sharded) {
            boolean nothingLeft = free <= 0;
            fresh.stream().filter(i -> !fits.contains(i)).forEach(i -> answers[i] = ReserveAnswer.refused(
                    new SoldOutException(sku, commands.get(i).qty(), nothingLeft)));
        }
        // On a sharded SKU the requests that do not fit on this shard stay undecided: the single
        // path walks the other shards, or gathers units spread thin.
        if (fits.isEmpty()) {
            return true;
        }
        PlacedHolds placed = reservations.insertHoldsClaimingUnits(sku, shard, pick(commands, fits), offer.holdSeconds());
        if (!placed.claimed()) {
            // The row was locked and counted, so only the sale's closing can refuse it now.
            fits.forEach(i -> answers[i] = ReserveAnswer.refused(new SoldOutException(sku, commands.get(i).qty(), false)));
            return true;
        }
        return answerPlaced(commands, fits, placed, answers);
    }

    private static boolean answerPlaced(List<ReserveCommand> commands, List<Integer> asked, PlacedHolds placed,
                                        ReserveAnswer[] answers) {
        if (placed.holds().size() != asked.size()) {
            return false;
        }
        Map<String, Reservation> byKey = placed.holds().stream()
                .collect(Collectors.toMap(Reservation::idempotencyKey, Function.identity()));
        for (int i : asked) {
            answers[i] = ReserveAnswer.of(new ReserveOutcome(byKey.get(commands.get(i).key().value()), true));
        }
        return true;
    }

    private static List<ReserveCommand> pick(List<ReserveCommand> commands, List<Integer> indexes) {
        return indexes.stream().map(commands::get).toList();
    }
}
