package dev.flashsale.stock.control;

import dev.flashsale.stock.entity.ShardFree;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The arithmetic of a merchandiser's new units for a sharded SKU: raised evenly over its rows
 * (the first rows get the remainder), lowered by taking free units, from the rows with the most
 * free first. Never below what is held or sold. Pure: the caller writes the totals.
 */
public final class ShardTotals {

    private ShardTotals() {
    }

    /**
     * @return the new total of every row that changes, in shard order for a raise, or empty when
     * {@code units} is below the SKU's held + sold
     */
    public static Optional<Map<Integer, Integer>> resized(List<ShardFree> shards, int units) {
        int delta = units - shards.stream().mapToInt(ShardFree::total).sum();
        if (-delta > shards.stream().mapToInt(ShardFree::free).sum()) {
            return Optional.empty();
        }
        Map<Integer, Integer> totals = new LinkedHashMap<>();
        if (delta > 0) {
            for (int row = 0; row < shards.size(); row++) {
                int share = delta / shards.size() + (row < delta % shards.size() ? 1 : 0);
                if (share > 0) {
                    totals.put(shards.get(row).shard(), shards.get(row).total() + share);
                }
            }
        } else {
            int toRemove = -delta;
            for (ShardFree shard : shards.stream().sorted(Comparator.comparingInt(ShardFree::free).reversed()).toList()) {
                int taken = Math.min(toRemove, shard.free());
                if (taken > 0) {
                    totals.put(shard.shard(), shard.total() - taken);
                    toRemove -= taken;
                }
            }
        }
        return Optional.of(totals);
    }
}
