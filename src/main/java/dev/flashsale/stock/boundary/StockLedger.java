package dev.flashsale.stock.boundary;

import dev.flashsale.platform.id.ReservationId;
import dev.flashsale.platform.id.SaleId;
import dev.flashsale.platform.sql.Rows;
import dev.flashsale.platform.sql.Statements;
import dev.flashsale.stock.control.ShardTotals;
import dev.flashsale.stock.entity.FreeUnitsMove;
import dev.flashsale.stock.entity.ShardFree;
import dev.flashsale.stock.entity.Sku;
import dev.flashsale.stock.entity.SkuOpening;
import dev.flashsale.stock.entity.StockLevel;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
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

    @Inject
    Statements sql;

    /** The SKU's counts, empty when no sale has it. */
    public Optional<StockLevel> findLevel(Sku sku) {
        return sql.named("stock/find_stock_level").with("sku", sku.value()).firstRow().map(StockLedger::level);
    }

    /** Whether the SKU's sale is OPEN or PAUSED and from when its window runs; empty when no sale has the SKU. */
    public Optional<SkuOpening> opening(Sku sku) {
        return sql.named("stock/find_opening_of_sku").with("sku", sku.value()).firstRow()
                .map(row -> new SkuOpening("OPEN".equals(Rows.text(row, "status")), "PAUSED".equals(Rows.text(row, "status")),
                        Rows.instant(row, "starts_at")));
    }

    public List<StockLevel> levelsOfSale(SaleId saleId) {
        List<Tuple> rows = sql.named("stock/find_stock_levels_of_sale").with("saleId", saleId.value()).rows();
        return rows.stream().map(StockLedger::level).toList();
    }

    /**
     * Whether the confirm of reservation {@code reservationId}, in this transaction, sold the last
     * unit of its sale: then the sale, else empty. Of the confirms that sell the last units of a
     * sale's stock rows at the same moment, exactly one answers the sale (its row is locked to the
     * commit, and each asks after the one before committed).
     */
    public Optional<SaleId> saleSoldOutBy(ReservationId reservationId) {
        List<?> locked = sql.named("stock/lock_sale_of_sold_out_shard").with("id", reservationId.value()).values();
        if (locked.isEmpty()) {
            return Optional.empty();
        }
        SaleId saleId = new SaleId(locked.get(0) instanceof UUID id ? id : UUID.fromString(locked.get(0).toString()));
        Object soldOut = sql.named("stock/find_sale_sold_out").with("saleId", saleId.value()).singleValue();
        return Boolean.TRUE.equals(soldOut) ? Optional.of(saleId) : Optional.empty();
    }

    /** The SKUs of sales that are OPEN or PAUSED. */
    public List<StockLevel> levelsOfLiveSales() {
        List<Tuple> rows = sql.named("stock/find_stock_levels_of_live_sales").rows();
        return rows.stream().map(StockLedger::level).toList();
    }

    /**
     * Locks every stock row of the SKU until the transaction ends, in shard order: the one order
     * every transaction that locks several rows of a SKU uses, so that none deadlocks another.
     */
    public List<ShardFree> lockShards(Sku sku) {
        List<Tuple> rows = sql.named("stock/lock_shards_of_sku").with("sku", sku.value()).rows();
        return rows.stream().map(row -> new ShardFree(Rows.integer(row, "shard"), Rows.integer(row, "total"),
                Rows.integer(row, "free"))).toList();
    }

    /** Moves free units between two stock rows of the SKU, both locked by this transaction. */
    public void moveFreeUnits(Sku sku, FreeUnitsMove move) {
        Tuple row = sql.named("stock/move_free_units")
                .with("sku", sku.value())
                .with("fromShard", move.fromShard())
                .with("toShard", move.toShard())
                .with("units", move.units())
                .singleRow();
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
        if (sql.named("stock/set_shard_total").with("sku", sku.value()).with("shard", shard)
                .with("total", total).values().isEmpty()) {
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
