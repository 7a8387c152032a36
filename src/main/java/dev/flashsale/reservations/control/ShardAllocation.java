package dev.flashsale.reservations.control;

import dev.flashsale.stock.entity.FreeUnitsMove;
import dev.flashsale.stock.entity.ShardFree;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;

/**
 * The end game's arithmetic, on the free units of every stock row of a SKU (all locked): the
 * requests are served in the order they arrived, each on the first row that has its units. A
 * request that no row can serve alone, while the rows together can (the units spread thin), is
 * served on the row with the most free units after free units are moved onto it from the others,
 * largest first. A request the rows together cannot serve is left out, and the ones after it
 * still get their chance. Pure: the caller moves and takes the units.
 *
 * @param shardOf   per request, the row that serves it, or {@link #UNSERVED}
 * @param moves     the free units to move first, in order, before any unit is taken
 * @param unitsLeft the free units left on all rows once the served requests are taken
 */
public record ShardAllocation(List<Integer> shardOf, List<FreeUnitsMove> moves, int unitsLeft) {

    public static final int UNSERVED = -1;

    /** @param qtys the requests' units, in arrival order; @param shards the SKU's rows */
    public static ShardAllocation firstFit(List<Integer> qtys, List<ShardFree> shards) {
        int[] shardOf = new int[qtys.size()];
        int[] free = shards.stream().mapToInt(ShardFree::free).toArray();
        List<FreeUnitsMove> moves = new ArrayList<>();
        for (int request = 0; request < qtys.size(); request++) {
            int qty = qtys.get(request);
            int row = firstWith(free, qty);
            if (row < 0 && Arrays.stream(free).sum() >= qty) {
                row = gather(free, qty, moves);
            }
            if (row >= 0) {
                free[row] -= qty;
            }
            shardOf[request] = row < 0 ? UNSERVED : shards.get(row).shard();
        }
        List<FreeUnitsMove> shardMoves = moves.stream().map(move -> new FreeUnitsMove(
                shards.get(move.fromShard()).shard(), shards.get(move.toShard()).shard(), move.units())).toList();
        return new ShardAllocation(Arrays.stream(shardOf).boxed().toList(), shardMoves, Arrays.stream(free).sum());
    }

    /** The rows that serve at least one request, in shard order. */
    public List<Integer> servingShards() {
        return shardOf.stream().filter(shard -> shard != UNSERVED).distinct().sorted().toList();
    }

    private static int firstWith(int[] free, int qty) {
        for (int row = 0; row < free.length; row++) {
            if (free[row] >= qty) {
                return row;
            }
        }
        return -1;
    }

    /** Moves free units onto the row with the most until it has {@code qty}; moves are by row index. */
    private static int gather(int[] free, int qty, List<FreeUnitsMove> moves) {
        int target = 0;
        for (int row = 1; row < free.length; row++) {
            if (free[row] > free[target]) {
                target = row;
            }
        }
        int finalTarget = target;
        List<Integer> donors = new ArrayList<>();
        for (int row = 0; row < free.length; row++) {
            if (row != target && free[row] > 0) {
                donors.add(row);
            }
        }
        donors.sort(Comparator.comparingInt((Integer row) -> free[row]).reversed());
        for (int donor : donors) {
            int missing = qty - free[finalTarget];
            if (missing <= 0) {
                break;
            }
            int units = Math.min(missing, free[donor]);
            moves.add(new FreeUnitsMove(donor, finalTarget, units));
            free[donor] -= units;
            free[finalTarget] += units;
        }
        return target;
    }
}
