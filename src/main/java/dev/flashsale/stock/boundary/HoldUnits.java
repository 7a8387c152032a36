package dev.flashsale.stock.boundary;

import dev.flashsale.platform.id.BuyerId;
import dev.flashsale.platform.id.ReservationId;
import dev.flashsale.platform.sql.PgArrays;
import dev.flashsale.platform.sql.Rows;
import dev.flashsale.platform.sql.Savepoints;
import dev.flashsale.platform.sql.Statements;
import dev.flashsale.stock.control.LedgerChecks;
import dev.flashsale.stock.entity.NewHold;
import dev.flashsale.stock.entity.PlacedHolds;
import dev.flashsale.stock.entity.ReturnedHold;
import dev.flashsale.stock.entity.RoomClosedToTokenless;
import dev.flashsale.stock.entity.ShardRef;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.persistence.Tuple;
import jakarta.transaction.Transactional;
import java.sql.Savepoint;
import java.util.List;
import java.util.Optional;
import java.util.function.Function;

/**
 * The units that holds take and give back: the only way units move for a reservation. Each
 * method is one guarded statement of db/stock/ that moves the units and the reservation's state
 * in the same step, so a stock row stays locked no longer than that statement and the commit;
 * each runs in the caller's transaction, which decides what else happens in it.
 */
@ApplicationScoped
@Transactional(Transactional.TxType.MANDATORY)
public class HoldUnits {

    @Inject
    Statements sql;

    @Inject
    Savepoints savepoints;

    /**
     * Takes the units of a group of new holds of one SKU and places them (db/stock/take_units.sql),
     * from row {@code shard} or, with {@code firstFreeShard}, from the first row on from it that has
     * them and is not busy.
     *
     * @param maxPerBuyer the units one buyer may have in the sale; null for no cap
     * @param holdOf      reads a placed hold from its reservation row
     * @return the holds placed, or empty when no row had the group's units free (nothing changed)
     * @throws RoomClosedToTokenless when the SKU's sale has its room on and a hold came without a
     *                               checked admission token (nothing changed)
     */
    public <H> Optional<PlacedHolds<H>> takeUnits(ShardRef shard, boolean firstFreeShard, List<NewHold> holds,
                                                  int holdSeconds, Integer maxPerBuyer, Function<Tuple, H> holdOf) {
        // A row that SKIP LOCKED locked and then found taken (READ COMMITTED's re-check) stays locked:
        // a take that found nothing lets it go, since the caller may next lock every row in order.
        Savepoint beforeTake = firstFreeShard ? savepoints.set() : null;
        List<Tuple> rows = sql.named("stock/take_units")
                .with("ids", PgArrays.literal(holds.stream().map(hold -> hold.id().value()).toList()))
                .with("owners", PgArrays.literal(holds.stream().map(hold -> hold.key().owner().id()).toList()))
                .with("keys", PgArrays.literal(holds.stream().map(hold -> hold.key().value()).toList()))
                .with("buyers", PgArrays.literal(holds.stream().map(hold -> hold.buyerId().value()).toList()))
                .with("qtys", PgArrays.literal(holds.stream().map(NewHold::qty).toList()))
                .with("tickets", PgArrays.literal(holds.stream().map(NewHold::admissionTicket).toList()))
                .with("sku", shard.sku().value())
                .with("shard", shard.shard())
                .with("firstFreeShard", firstFreeShard)
                .with("holdSeconds", holdSeconds)
                .with("maxPerBuyer", maxPerBuyer)
                .rows();
        Tuple first = rows.get(0);
        if (Boolean.TRUE.equals(first.get("room_refused", Boolean.class))) {
            throw new RoomClosedToTokenless(shard.sku());
        }
        if (Rows.number(first, "claimed") != 1) {
            if (beforeTake != null) {
                savepoints.rollBackTo(beforeTake);
            }
            return Optional.empty();
        }
        return Optional.of(new PlacedHolds<>(rows.stream().filter(row -> row.get("id") != null).map(holdOf).toList(),
                Rows.number(first, "buyers_counted") == Rows.number(first, "buyers"),
                Rows.number(first, "tickets_recorded") == Rows.number(first, "tickets")));
    }

    /** HELD -> CONFIRMED, held units become sold; an overdue hold only if {@code acceptOverdue}. */
    public boolean sellUnitsOfConfirmedHold(ReservationId id, boolean acceptOverdue) {
        Tuple row = sql.named("stock/sell_units_of_confirmed_hold")
                .with("id", id.value())
                .with("acceptOverdue", acceptOverdue)
                .singleRow();
        return LedgerChecks.transitionMovedStock(row, id, "confirm");
    }

    /** HELD -> CANCELLED, held units become available. */
    public boolean returnUnitsOfCancelledHold(ReservationId id) {
        Tuple row = sql.named("stock/return_units_of_cancelled_hold").with("id", id.value()).singleRow();
        return LedgerChecks.transitionMovedStock(row, id, "cancel");
    }

    /** EXPIRED -> CONFIRMED, if the units can be taken again straight into sold. */
    public boolean takeUnitsForLatePayment(ReservationId id) {
        Tuple row = sql.named("stock/take_units_for_late_payment").with("id", id.value()).singleRow();
        return Rows.number(row, "transitions") == 1;
    }

    /**
     * HELD -> EXPIRED for up to {@code batchSize} overdue holds on one stock row, oldest deadline
     * first, their units given back to the row.
     */
    public List<ReturnedHold> returnUnitsOfOverdueHolds(ShardRef shard, int batchSize) {
        List<Tuple> expired = sql.named("stock/return_units_of_overdue_holds")
                .with("sku", shard.sku().value())
                .with("shard", shard.shard())
                .with("batchSize", batchSize)
                .rows();
        if (!expired.isEmpty() && Rows.number(expired.get(0), "stock_rows") != 1) {
            throw new IllegalStateException("Refusing to expire " + expired.size() + " holds of " + shard.sku()
                    + ": the stock row of shard " + shard.shard() + " did not take their units back");
        }
        return expired.stream().map(hold -> new ReturnedHold(new ReservationId(Rows.uuid(hold, "id")), Rows.idempotencyKey(hold),
                new BuyerId(Rows.text(hold, "buyer_id")), Rows.integer(hold, "qty"))).toList();
    }
}
