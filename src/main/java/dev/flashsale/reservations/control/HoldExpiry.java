package dev.flashsale.reservations.control;

import dev.flashsale.gate.entity.UnitsReturned;
import dev.flashsale.platform.sql.Rows;
import dev.flashsale.platform.sql.Statements;
import dev.flashsale.reservations.entity.ExpiredHolds;
import dev.flashsale.stock.boundary.HoldUnits;
import dev.flashsale.stock.entity.ReturnedHold;
import dev.flashsale.stock.entity.ShardRef;
import dev.flashsale.stock.entity.Sku;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Event;
import jakarta.inject.Inject;
import jakarta.persistence.Tuple;
import jakarta.transaction.Transactional;
import java.util.List;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * Gives back the units of holds whose time ran out (HELD -> EXPIRED). Used by the sweeper and,
 * for one SKU, by a claim that found the SKU sold out (lazy reclaim). Safe to run from many
 * transactions and nodes at once: each overdue hold is expired exactly once.
 */
@ApplicationScoped
@Transactional(Transactional.TxType.MANDATORY)
public class HoldExpiry {

    @Inject
    Statements sql;

    @Inject
    HoldUnits units;

    @Inject
    Event<UnitsReturned> returned;

    @Inject
    ReservationEvents events;

    /** Holds expired per shard in one go by a lazy reclaim (the sweeper passes its own). */
    @Inject
    @ConfigProperty(name = "flashsale.sweeper.batch-size")
    int reclaimBatch;

    /**
     * Expires up to {@code flashsale.sweeper.batch-size} overdue holds on each shard of the SKU that
     * has any, shard by shard in order (the lock order of every transaction that locks several
     * shards): the lazy reclaim of a claim that found the SKU short.
     */
    public ExpiredHolds expireOverdueHoldsOfSku(Sku sku) {
        ExpiredHolds total = ExpiredHolds.NONE;
        for (Object shard : shardsWithOverdueHoldsOf(sku)) {
            total = total.plus(expireOverdueHolds(new ShardRef(sku, ((Number) shard).intValue()), reclaimBatch));
        }
        return total;
    }

    /** Whether any hold of the SKU is past its deadline (one probe of the live-hold index). */
    public boolean hasOverdueHolds(Sku sku) {
        return !shardsWithOverdueHoldsOf(sku).isEmpty();
    }

    private List<?> shardsWithOverdueHoldsOf(Sku sku) {
        return sql.named("reservations/find_shards_with_overdue_holds_of_sku").with("sku", sku.value()).values();
    }

    /**
     * Expires up to {@code batchSize} overdue holds on one shard of a SKU, oldest deadline first,
     * their units given back by the stock component. Once the transaction commits, the gate gets
     * their units back too.
     */
    public ExpiredHolds expireOverdueHolds(ShardRef shard, int batchSize) {
        List<ReturnedHold> expired = units.returnUnitsOfOverdueHolds(shard, batchSize);
        int total = expired.stream().mapToInt(ReturnedHold::qty).sum();
        for (int i = 0; i < expired.size(); i++) {
            ReturnedHold hold = expired.get(i);
            // The batch's units counted with its first hold (UnitsReturned says why).
            returned.fire(new UnitsReturned(shard.sku(), hold.key(), hold.qty(), i == 0 ? total : 0));
        }
        events.expired(shard.sku(), expired);
        return new ExpiredHolds(expired.size(), total);
    }

    /** The shards that have overdue holds, in SKU and shard order. */
    public List<ShardRef> shardsWithOverdueHolds(int maxShards) {
        List<Tuple> rows = sql.named("reservations/find_skus_with_overdue_holds").with("maxSkus", maxShards).rows();
        return rows.stream().map(row -> new ShardRef(new Sku(Rows.text(row, "sku")), Rows.integer(row, "shard"))).toList();
    }
}
