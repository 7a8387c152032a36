package dev.flashsale.reservations.control;

import dev.flashsale.platform.id.IdempotencyKey;
import dev.flashsale.platform.id.ReservationId;
import dev.flashsale.reservations.entity.TakeRaced;
import dev.flashsale.reservations.entity.Reservation;
import dev.flashsale.reservations.entity.ReserveAnswer;
import dev.flashsale.reservations.entity.ReserveCommand;
import dev.flashsale.reservations.entity.ReserveOutcome;
import dev.flashsale.stock.boundary.HoldUnits;
import dev.flashsale.stock.boundary.StockLedger;
import dev.flashsale.sales.entity.Offer;
import dev.flashsale.stock.entity.NewHold;
import dev.flashsale.stock.entity.PlacedHolds;
import dev.flashsale.stock.entity.RoomClosedToTokenless;
import dev.flashsale.stock.entity.ShardFree;
import dev.flashsale.stock.entity.ShardRef;
import dev.flashsale.stock.entity.Sku;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.transaction.Transactional;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.function.Function;
import java.util.stream.Collectors;
import java.util.stream.IntStream;

/**
 * Places the new holds of a group (all checked, distinct keys, one SKU) and takes their units,
 * each take one guarded statement of the stock component whose answer is checked
 * ({@link HoldUnits#takeUnits}, db/stock/take_units.sql). Usually one
 * statement takes the whole group's units: from the SKU's one stock row, or on a sharded SKU from
 * the first row that has them and is not busy.
 * When that misses, or the counts say the group does not fit, the end game: every row of the SKU
 * is locked in shard order (the one order every transaction that locks several rows uses, so none
 * deadlocks another), overdue holds are given back, and the requests are served in arrival order
 * ({@link ShardAllocation}), gathering free units spread thin so that a multi-unit order is
 * never refused while enough units remain. A SKU short of units even after giving back overdue
 * holds is refused without locking anything.
 */
@ApplicationScoped
@Transactional(Transactional.TxType.MANDATORY)
public class HoldPlacement {

    @Inject
    StockLedger stock;

    @Inject
    HoldUnits units;

    @Inject
    HoldExpiry expiry;

    @Inject
    ReserveTimeouts timeouts;

    /** @return one answer per command, in the commands' order: a new hold or sold out */
    public List<ReserveAnswer> place(Offer offer, int startShard, List<ReserveCommand> commands) {
        timeouts.apply();
        Sku sku = commands.get(0).sku();
        int asked = commands.stream().mapToInt(ReserveCommand::qty).sum();
        int smallest = commands.stream().mapToInt(ReserveCommand::qty).min().orElseThrow();
        int available = offer.level().available();
        if (available >= asked) {
            Optional<List<ReserveAnswer>> taken = take(offer, startShard, commands, offer.level().shards() > 1);
            if (taken.isPresent()) {
                return taken.get();
            }
        } else if (available < smallest && !expiry.hasOverdueHolds(sku)) {
            return commands.stream().map(command -> soldOut(command, available)).toList();
        }
        return endGame(offer, commands);
    }

    private List<ReserveAnswer> endGame(Offer offer, List<ReserveCommand> commands) {
        Sku sku = commands.get(0).sku();
        List<ShardFree> shards = stock.lockShards(sku);
        if (expiry.expireOverdueHoldsOfSku(sku).units() > 0) {
            shards = stock.lockShards(sku);
        }
        ShardAllocation plan = ShardAllocation.firstFit(commands.stream().map(ReserveCommand::qty).toList(), shards);
        plan.moves().forEach(move -> stock.moveFreeUnits(sku, move));
        ReserveAnswer[] answers = new ReserveAnswer[commands.size()];
        for (int shard : plan.servingShards()) {
            List<Integer> served = IntStream.range(0, commands.size()).filter(i -> plan.shardOf().get(i) == shard).boxed().toList();
            List<ReserveCommand> group = served.stream().map(commands::get).toList();
            // The row is locked and counted, so only the sale's closing meanwhile can refuse the take.
            List<ReserveAnswer> taken = take(offer, shard, group, false)
                    .orElseGet(() -> group.stream().map(command -> soldOut(command, command.qty())).toList());
            for (int j = 0; j < served.size(); j++) {
                answers[served.get(j)] = taken.get(j);
            }
        }
        for (int i = 0; i < answers.length; i++) {
            if (answers[i] == null) {
                answers[i] = soldOut(commands.get(i), plan.unitsLeft());
            }
        }
        return List.of(answers);
    }

    private static ReserveAnswer soldOut(ReserveCommand command, int unitsLeft) {
        return ReserveAnswer.refused(ReserveRules.soldOut(command, unitsLeft));
    }

    /**
     * @param firstFreeShard whether to take from the first row from {@code shard} on that has the
     *                       units and is not busy, instead of waiting for row {@code shard}
     * @return the new holds, in the commands' order, or empty when the row did not have the
     * group's units free (or, with {@code firstFreeShard}, none had them and was not busy);
     * throws {@link TakeRaced} when another transaction recorded one of the keys, raised one of
     * the buyers past the cap, or recorded one of the admission tickets' checkout meanwhile (the
     * units were taken for all: this transaction must roll back), or when the sale's room came on
     * since its terms were read and a command has no ticket (nothing was taken)
     */
    private Optional<List<ReserveAnswer>> take(Offer offer, int shard, List<ReserveCommand> commands, boolean firstFreeShard) {
        List<NewHold> holds = commands.stream()
                .map(command -> new NewHold(new ReservationId(UUID.randomUUID()), command.key(), command.buyerId(), command.qty(),
                        command.admissionTicket())).toList();
        Optional<PlacedHolds<Reservation>> placed;
        try {
            placed = units.takeUnits(new ShardRef(commands.get(0).sku(), shard), firstFreeShard,
                    holds, offer.holdSeconds(), offer.maxPerBuyer(), ReservationBook::reservation);
        } catch (RoomClosedToTokenless roomSwitchedOn) {
            // The sale's room came on after its terms were read: read again, and refuse who has no token.
            throw new TakeRaced(roomSwitchedOn.getMessage());
        }
        if (placed.isEmpty()) {
            return Optional.empty();
        }
        Map<IdempotencyKey, Reservation> byKey = placed.get().holds().stream()
                .collect(Collectors.toMap(Reservation::idempotencyKey, Function.identity()));
        if (byKey.size() != commands.size()) {
            throw new TakeRaced(byKey.size() + " of " + commands.size() + " holds recorded: a key was taken meanwhile");
        }
        if (!placed.get().everyBuyerCounted()) {
            throw new TakeRaced("a buyer's units went past the sale's cap meanwhile");
        }
        if (!placed.get().everyTicketFirstUse()) {
            throw new TakeRaced("an admission ticket bought a checkout meanwhile");
        }
        return Optional.of(commands.stream()
                .map(command -> ReserveAnswer.of(new ReserveOutcome(byKey.get(command.key()), true))).toList());
    }
}
