package dev.flashsale.stock.boundary;

import dev.flashsale.platform.sql.Rows;
import dev.flashsale.platform.sql.SqlStatements;
import dev.flashsale.stock.entity.Sku;
import dev.flashsale.stock.entity.StockLevel;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.persistence.EntityManager;
import jakarta.persistence.PersistenceContext;
import jakarta.persistence.Tuple;
import jakarta.transaction.Transactional;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.ThreadLocalRandom;

/**
 * The units of each SKU: reads its counts and takes units for a hold. Units go back through
 * the reservation transitions (cancel, expire), which move stock in the same statement. The
 * stock component's entry point for the others; it runs in the caller's transaction.
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

    public List<StockLevel> levelsOfSale(UUID saleId) {
        List<Tuple> rows = em.createNativeQuery(sql.get("stock/find_stock_levels_of_sale"), Tuple.class)
                .setParameter("saleId", saleId)
                .getResultList();
        return rows.stream().map(StockLedger::level).toList();
    }

    /** The SKUs of sales that are OPEN or PAUSED. */
    public List<StockLevel> levelsOfLiveSales() {
        List<Tuple> rows = em.createNativeQuery(sql.get("stock/find_stock_levels_of_live_sales"), Tuple.class)
                .getResultList();
        return rows.stream().map(StockLedger::level).toList();
    }

    /**
     * Takes {@code qty} units for the reservation, each try one guarded statement. On a sharded
     * SKU the first try starts at a random shard and walks forward to the first shard that has
     * the units and is not busy, without waiting. If every shard is full or busy, the claim waits
     * its turn on each shard in shard order: an UPDATE that waited keeps its row lock even when
     * it then finds the row full, so every transaction that may lock several shards takes them
     * in the same order, and none can deadlock another. When every shard misses although the SKU
     * has enough units in sum (the end game, its free units spread thin), the free units are
     * gathered onto one shard and taken there, so a multi-unit order is never refused while
     * enough units remain.
     *
     * @return false when the SKU has not that many units (or the sale is no longer open)
     */
    public boolean claim(String sku, int shards, int qty, UUID reservationId) {
        if (shards == 1) {
            return claimOn(sku, 0, qty, reservationId);
        }
        if (claimFirstFreeShard(sku, shards, ThreadLocalRandom.current().nextInt(shards), qty, reservationId)) {
            return true;
        }
        for (int shard = 0; shard < shards; shard++) {
            if (claimOn(sku, shard, qty, reservationId)) {
                return true;
            }
        }
        return gather(sku, qty).map(shard -> claimOn(sku, shard, qty, reservationId)).orElse(false);
    }

    private boolean claimFirstFreeShard(String sku, int shards, int start, int qty, UUID reservationId) {
        Tuple row = (Tuple) em.createNativeQuery(sql.get("stock/claim_units_first_free_shard"), Tuple.class)
                .setParameter("sku", sku)
                .setParameter("shards", shards)
                .setParameter("start", start)
                .setParameter("qty", qty)
                .setParameter("reservationId", reservationId)
                .getSingleResult();
        return Rows.number(row, "claimed") == 1;
    }

    private boolean claimOn(String sku, int shard, int qty, UUID reservationId) {
        Tuple row = (Tuple) em.createNativeQuery(sql.get("stock/claim_units"), Tuple.class)
                .setParameter("sku", sku)
                .setParameter("shard", shard)
                .setParameter("qty", qty)
                .setParameter("reservationId", reservationId)
                .getSingleResult();
        return Rows.number(row, "claimed") == 1;
    }

    /**
     * Locks every shard of the SKU (in shard order) and, if their free units add up to
     * {@code qty}, moves free units onto the shard with the most until it has {@code qty}.
     *
     * @return that shard, or empty when the SKU has fewer than {@code qty} units free
     */
    Optional<Integer> gather(String sku, int qty) {
        List<ShardFree> shards = lockShards(sku);
        if (shards.stream().mapToInt(ShardFree::free).sum() < qty) {
            return Optional.empty();
        }
        ShardFree target = shards.stream().max(Comparator.comparingInt(ShardFree::free)).orElseThrow();
        int missing = qty - target.free();
        List<ShardFree> donors = shards.stream().filter(shard -> shard.shard() != target.shard() && shard.free() > 0)
                .sorted(Comparator.comparingInt(ShardFree::free).reversed()).toList();
        for (ShardFree donor : donors) {
            if (missing <= 0) {
                break;
            }
            int units = Math.min(missing, donor.free());
            moveFreeUnits(sku, donor.shard(), target.shard(), units);
            missing -= units;
        }
        return Optional.of(target.shard());
    }

    /**
     * Locks one stock row of the SKU until the transaction ends.
     *
     * @return its free units (0 when the SKU has no such shard)
     */
    public int lockFreeUnits(String sku, int shard) {
        List<?> rows = em.createNativeQuery(sql.get("stock/lock_shard"))
                .setParameter("sku", sku)
                .setParameter("shard", shard)
                .getResultList();
        return rows.isEmpty() ? 0 : ((Number) rows.get(0)).intValue();
    }

    /**
     * Sets a SKU's units to {@code units}, spread over its shards: raised evenly, lowered by
     * taking free units (the shards with the most first). Never below what is held or sold.
     *
     * @return false when {@code units} is below the SKU's held + sold (nothing changed)
     */
    public boolean resize(String sku, int units) {
        List<ShardFree> shards = lockShards(sku);
        int total = shards.stream().mapToInt(ShardFree::total).sum();
        int free = shards.stream().mapToInt(ShardFree::free).sum();
        int delta = units - total;
        if (delta == 0) {
            return true;
        }
        if (-delta > free) {
            return false;
        }
        if (delta > 0) {
            for (ShardFree shard : shards) {
                int share = delta / shards.size() + (shard.shard() < delta % shards.size() ? 1 : 0);
                setShardTotal(sku, shard.shard(), shard.total() + share);
            }
        } else {
            int toRemove = -delta;
            for (ShardFree shard : shards.stream().sorted(Comparator.comparingInt(ShardFree::free).reversed()).toList()) {
                int taken = Math.min(toRemove, shard.free());
                if (taken > 0) {
                    setShardTotal(sku, shard.shard(), shard.total() - taken);
                    toRemove -= taken;
                }
            }
        }
        return true;
    }

    private record ShardFree(int shard, int total, int free) {
    }

    private List<ShardFree> lockShards(String sku) {
        List<Tuple> rows = em.createNativeQuery(sql.get("stock/lock_shards_of_sku"), Tuple.class)
                .setParameter("sku", sku)
                .getResultList();
        return rows.stream().map(row -> new ShardFree(Rows.integer(row, "shard"), Rows.integer(row, "total"),
                Rows.integer(row, "free"))).toList();
    }

    private void moveFreeUnits(String sku, int from, int to, int units) {
        Tuple row = (Tuple) em.createNativeQuery(sql.get("stock/move_free_units"), Tuple.class)
                .setParameter("sku", sku)
                .setParameter("fromShard", from)
                .setParameter("toShard", to)
                .setParameter("units", units)
                .getSingleResult();
        if (Rows.number(row, "rows_moved") != 2) {
            throw new IllegalStateException("Moving " + units + " free units of " + sku + " from shard " + from
                    + " to shard " + to + " failed although both shards were locked");
        }
    }

    private void setShardTotal(String sku, int shard, int total) {
        if (em.createNativeQuery(sql.get("stock/set_shard_total")).setParameter("sku", sku).setParameter("shard", shard)
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
