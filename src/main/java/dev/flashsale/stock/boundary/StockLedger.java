package dev.flashsale.stock.boundary;

import dev.flashsale.platform.id.ReservationId;
import dev.flashsale.platform.id.SaleId;
import dev.flashsale.platform.sql.Rows;
import dev.flashsale.platform.sql.SqlStatements;
import dev.flashsale.stock.control.ShardTotals;
import dev.flashsale.stock.entity.FreeUnitsMove;
import dev.flashsale.stock.entity.ShardFree;
import dev.flashsale.stock.entity.Sku;
import dev.flashsale.stock.entity.StockLevel;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.persistence.EntityManager;
import jakarta.persistence.PersistenceContext;
import jakarta.persistence.Tuple;
import jakarta.transaction.Transactional;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;

/**
 * The units of each SKU: reads its counts, locks its stock rows, moves free units between them and
 * sets their totals. Units are taken and given back by the reservation transitions of
 * {@link HoldUnits}, which move the units in the same statement.
 * The stock component's entry point for the others; it runs in the caller's transaction.
 */
@ApplicationScoped
@Transactional(Transactional.TxType.MANDATORY)
public class StockLedger {

    @PersistenceContext
    EntityManager em;

    @Inject
    SqlStatements sql;

    /** The SKU's counts, empty when no sale has it. */
    public Optional<StockLevel> findLevel(Sku sku) {
        List<Tuple> rows = em.createNativeQuery(sql.get("stock/find_stock_level"), Tuple.class)
                .setParameter("sku", sku.value())
                .getResultList();
        return rows.stream().findFirst().map(StockLedger::level);
    }

    public List<StockLevel> levelsOfSale(SaleId saleId) {
        List<Tuple> rows = em.createNativeQuery(sql.get("stock/find_stock_levels_of_sale"), Tuple.class)
                .setParameter("saleId", saleId.value())
                .getResultList();
        return rows.stream().map(StockLedger::level).toList();
    }

    /**
     * Whether the confirm of reservation {@code reservationId}, in this transaction, sold the last
     * unit of its sale: then the sale, else empty. Of the confirms that sell the last units of a
     * sale's stock rows at the same moment, exactly one answers the sale (its row is locked to the
     * commit, and each asks after the one before committed).
     */
    public Optional<SaleId> saleSoldOutBy(ReservationId reservationId) {
        List<?> locked = em.createNativeQuery(sql.get("stock/lock_sale_of_sold_out_shard"))
                .setParameter("id", reservationId.value())
                .getResultList();
        if (locked.isEmpty()) {
            return Optional.empty();
        }
        SaleId saleId = new SaleId(locked.get(0) instanceof UUID id ? id : UUID.fromString(locked.get(0).toString()));
        Object soldOut = em.createNativeQuery(sql.get("stock/find_sale_sold_out")).setParameter("saleId", saleId.value())
                .getSingleResult();
        return Boolean.TRUE.equals(soldOut) ? Optional.of(saleId) : Optional.empty();
    }

    /** The SKUs of sales that are OPEN or PAUSED. */
    public List<StockLevel> levelsOfLiveSales() {
        List<Tuple> rows = em.createNativeQuery(sql.get("stock/find_stock_levels_of_live_sales"), Tuple.class)
                .getResultList();
        return rows.stream().map(StockLedger::level).toList();
    }

    /**
     * Locks every stock row of the SKU until the transaction ends, in shard order: the one order
     * every transaction that locks several rows of a SKU uses, so that none deadlocks another.
     */
    public List<ShardFree> lockShards(Sku sku) {
        List<Tuple> rows = em.createNativeQuery(sql.get("stock/lock_shards_of_sku"), Tuple.class)
                .setParameter("sku", sku.value())
                .getResultList();
        return rows.stream().map(row -> new ShardFree(Rows.integer(row, "shard"), Rows.integer(row, "total"),
                Rows.integer(row, "free"))).toList();
    }

    /** Moves free units between two stock rows of the SKU, both locked by this transaction. */
    public void moveFreeUnits(Sku sku, FreeUnitsMove move) {
        Tuple row = (Tuple) em.createNativeQuery(sql.get("stock/move_free_units"), Tuple.class)
                .setParameter("sku", sku.value())
                .setParameter("fromShard", move.fromShard())
                .setParameter("toShard", move.toShard())
                .setParameter("units", move.units())
                .getSingleResult();
        if (Rows.number(row, "rows_moved") != 2) {
            throw new IllegalStateException("Moving " + move.units() + " free units of " + sku + " from shard "
                    + move.fromShard() + " to shard " + move.toShard() + " failed although both shards were locked");
        }
    }

    /**
     * Sets a SKU's units to {@code units}, spread over its shards: raised evenly, lowered by
     * taking free units (the shards with the most first). Never below what is held or sold.
     *
     * @return false when {@code units} is below the SKU's held + sold (nothing changed)
     */
    public boolean resize(Sku sku, int units) {
        Optional<Map<Integer, Integer>> totals = ShardTotals.resized(lockShards(sku), units);
        totals.ifPresent(changed -> changed.forEach((shard, total) -> setShardTotal(sku, shard, total)));
        return totals.isPresent();
    }

    private void setShardTotal(Sku sku, int shard, int total) {
        if (em.createNativeQuery(sql.get("stock/set_shard_total")).setParameter("sku", sku.value()).setParameter("shard", shard)
                .setParameter("total", total).getResultList().isEmpty()) {
            throw new IllegalStateException("Shard " + shard + " of " + sku + " refused total " + total
                    + " although it was locked and checked");
        }
    }

    /** The counts in a row with the columns sku, total, available, held, sold and shards. */
    public static StockLevel level(Tuple row) {
        return new StockLevel(Rows.text(row, "sku"), Rows.integer(row, "total"), Rows.integer(row, "available"),
                Rows.integer(row, "held"), Rows.integer(row, "sold"), Rows.integer(row, "shards"));
    }
}
