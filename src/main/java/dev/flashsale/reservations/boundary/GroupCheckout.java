package dev.flashsale.reservations.boundary;

import dev.flashsale.platform.problem.ProblemException;
import dev.flashsale.reservations.control.HoldExpiry;
import dev.flashsale.reservations.control.ReservationBook;
import dev.flashsale.reservations.control.ReserveRules;
import dev.flashsale.reservations.entity.PlacedHolds;
import dev.flashsale.reservations.entity.Reservation;
import dev.flashsale.reservations.entity.ReserveAnswer;
import dev.flashsale.reservations.entity.ReserveCommand;
import dev.flashsale.reservations.entity.ReserveOutcome;
import dev.flashsale.reservations.entity.SoldOutException;
import dev.flashsale.stock.control.StockLedger;
import dev.flashsale.stock.entity.Offer;
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
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * Reserving for a group of requests on one SKU in one transaction: the requests that arrived
 * while the previous group's transaction ran. Each request is checked as {@link Checkout} checks
 * it, and the new holds take their units together, by one guarded UPDATE of the stock row for
 * their sum, so the row is locked once per group instead of once per request. When the row has
 * fewer units than the group asks for, it is locked and the requests are served in the order
 * they arrived, each one that still fits; the others are refused as sold out.
 *
 * <p>A request this transaction cannot decide is answered {@link ReserveAnswer#UNDECIDED} and
 * reserved on its own: every request on a sharded SKU (its shards already spread the claims), a
 * second request with the same key in the group, and the whole group when another transaction
 * took one of its keys meanwhile (this transaction then rolls back).
 */
@Stateless
public class GroupCheckout {

    /** The shard of a SKU with a single stock row. */
    private static final int ONLY_SHARD = 0;

    @Inject
    StockLedger stock;

    @Inject
    ReservationBook reservations;

    @Inject
    HoldExpiry expiry;

    @Resource
    SessionContext transaction;

    @Inject
    @ConfigProperty(name = "flashsale.sweeper.batch-size", defaultValue = "200")
    int reclaimBatch;

    /** @return one answer per command, in the commands' order; every command is for {@code sku} */
    public List<ReserveAnswer> reserveAll(Sku sku, List<ReserveCommand> commands) {
        ReserveAnswer[] answers = new ReserveAnswer[commands.size()];
        Optional<Offer> found = stock.findOffer(sku);
        if (found.isEmpty()) {
            Arrays.setAll(answers, i -> ReserveAnswer.refused(ReserveRules.unknownSku(sku)));
            return List.of(answers);
        }
        Offer offer = found.get();
        if (offer.level().shards() > 1) {
            Arrays.fill(answers, ReserveAnswer.NOT_GROUPED);
            return List.of(answers);
        }
        List<Integer> fresh = answerRetriesAndLimits(offer, commands, answers);
        Optional<ProblemException> closed = ReserveRules.notSelling(offer, sku);
        if (closed.isPresent()) {
            fresh.forEach(i -> answers[i] = ReserveAnswer.refused(ReserveRules.notSelling(offer, sku).orElseThrow()));
        } else if (!fresh.isEmpty() && !placeHolds(offer, commands, fresh, answers)) {
            transaction.setRollbackOnly();
            Arrays.fill(answers, ReserveAnswer.UNDECIDED);
            return List.of(answers);
        }
        for (int i = 0; i < answers.length; i++) {
            if (answers[i] == null) {
                answers[i] = ReserveAnswer.UNDECIDED;
            }
        }
        return List.of(answers);
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
     * Takes the units of the new holds: all at once when the row has them, otherwise with the row
     * locked, for each request in arrival order that still fits. Overdue holds are expired first
     * when the counts say the group does not fit (the lazy reclaim of a single request).
     *
     * @return false when another transaction took one of the keys (the group must roll back)
     */
    private boolean placeHolds(Offer offer, List<ReserveCommand> commands, List<Integer> fresh, ReserveAnswer[] answers) {
        String sku = offer.level().sku();
        int asked = fresh.stream().mapToInt(i -> commands.get(i).qty()).sum();
        int smallest = fresh.stream().mapToInt(i -> commands.get(i).qty()).min().orElseThrow();
        int available = offer.level().available();
        if (available < asked) {
            available += expiry.expireOverdueHoldsOfSku(sku, reclaimBatch).units();
        }
        if (available < smallest) {
            // Sold out even after giving back overdue holds: refused without locking the row.
            boolean nothingLeft = available <= 0;
            fresh.forEach(i -> answers[i] = ReserveAnswer.refused(new SoldOutException(sku, commands.get(i).qty(), nothingLeft)));
            return true;
        }
        if (available >= asked) {
            PlacedHolds placed = reservations.insertHoldsClaimingUnits(sku, ONLY_SHARD, pick(commands, fresh), offer.holdSeconds());
            if (placed.claimed()) {
                return answerPlaced(commands, fresh, placed, answers);
            }
        }
        int free = stock.lockFreeUnits(sku);
        List<Integer> fits = new ArrayList<>();
        for (int i : fresh) {
            int qty = commands.get(i).qty();
            if (qty <= free) {
                fits.add(i);
                free -= qty;
            }
        }
        boolean nothingLeft = free <= 0;
        fresh.stream().filter(i -> !fits.contains(i)).forEach(i -> answers[i] = ReserveAnswer.refused(
                new SoldOutException(sku, commands.get(i).qty(), nothingLeft)));
        if (fits.isEmpty()) {
            return true;
        }
        PlacedHolds placed = reservations.insertHoldsClaimingUnits(sku, ONLY_SHARD, pick(commands, fits), offer.holdSeconds());
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
