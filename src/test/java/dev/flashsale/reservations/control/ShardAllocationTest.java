package dev.flashsale.reservations.control;

import static dev.flashsale.reservations.control.ShardAllocation.UNSERVED;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.flashsale.stock.entity.FreeUnitsMove;
import dev.flashsale.stock.entity.ShardFree;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

class ShardAllocationTest {

    @Test
    void servesInArrivalOrderOnTheFirstRowThatHasTheUnits() {
        ShardAllocation plan = ShardAllocation.firstFit(List.of(2, 1, 3), rows(1, 4, 3));

        assertEquals(List.of(1, 0, 2), plan.shardOf());
        assertEquals(List.of(), plan.moves());
        assertEquals(2, plan.unitsLeft());
        assertEquals(List.of(0, 1, 2), plan.servingShards());
    }

    @Test
    void oneRowServesWhatFitsAndLeavesTheRestOutWhileLaterSmallerOnesStillFit() {
        ShardAllocation plan = ShardAllocation.firstFit(List.of(3, 3, 2), rows(5));

        assertEquals(List.of(0, UNSERVED, 0), plan.shardOf());
        assertEquals(0, plan.unitsLeft());
    }

    @Test
    void aRequestThatFollowsTheLastUnitIsUnservedAndNothingIsLeft() {
        ShardAllocation plan = ShardAllocation.firstFit(List.of(3, 1, 1), rows(4));

        assertEquals(List.of(0, 0, UNSERVED), plan.shardOf());
        assertEquals(0, plan.unitsLeft());
    }

    @Test
    void unitsSpreadThinAreGatheredOntoTheRowWithTheMostLargestDonorFirst() {
        // Five rows of 1, 1, 2, 1, 0 free: no row has 3, all together have 5.
        ShardAllocation plan = ShardAllocation.firstFit(List.of(3), rows(1, 1, 2, 1, 0));

        assertEquals(List.of(2), plan.shardOf());
        assertEquals(List.of(new FreeUnitsMove(0, 2, 1)), plan.moves());
        assertEquals(2, plan.unitsLeft());
    }

    @Test
    void tenRowsOfOneUnitServeThreeOrdersOfThreeAndTheLastUnit() {
        ShardAllocation plan = ShardAllocation.firstFit(List.of(3, 3, 3, 1, 1), rows(1, 1, 1, 1, 1, 1, 1, 1, 1, 1));

        assertEquals(4, plan.shardOf().stream().filter(shard -> shard != UNSERVED).count());
        assertEquals(UNSERVED, plan.shardOf().get(4));
        assertEquals(0, plan.unitsLeft());
        assertMovesKeepEveryRowNonNegativeAndServeEachRequest(List.of(3, 3, 3, 1, 1), rows(1, 1, 1, 1, 1, 1, 1, 1, 1, 1), plan);
    }

    @Test
    void whatTheRowsTogetherCannotServeIsLeftOutWithoutMovingAnything() {
        ShardAllocation plan = ShardAllocation.firstFit(List.of(4), rows(1, 2));

        assertEquals(List.of(UNSERVED), plan.shardOf());
        assertEquals(List.of(), plan.moves());
        assertEquals(3, plan.unitsLeft());
    }

    @Test
    void manyRequestsOverManyRowsNeverTakeMoreThanIsFree() {
        List<Integer> qtys = IntStream.range(0, 200).map(i -> 1 + i * 7 % 3).boxed().toList();
        List<ShardFree> shards = rows(7, 0, 13, 2, 9, 1, 4, 0, 11, 3);
        ShardAllocation plan = ShardAllocation.firstFit(qtys, shards);

        int free = shards.stream().mapToInt(ShardFree::free).sum();
        int served = IntStream.range(0, qtys.size()).filter(i -> plan.shardOf().get(i) != UNSERVED).map(qtys::get).sum();
        assertEquals(free - served, plan.unitsLeft());
        assertEquals(0, plan.unitsLeft(), "every unit is served while a 1-unit request is still waiting");
        assertMovesKeepEveryRowNonNegativeAndServeEachRequest(qtys, shards, plan);
    }

    /** Replays the plan as the end game runs it: every move first, then every take. */
    private static void assertMovesKeepEveryRowNonNegativeAndServeEachRequest(List<Integer> qtys, List<ShardFree> shards,
                                                                              ShardAllocation plan) {
        int[] free = shards.stream().mapToInt(ShardFree::free).toArray();
        for (FreeUnitsMove move : plan.moves()) {
            free[move.fromShard()] -= move.units();
            free[move.toShard()] += move.units();
            assertTrue(free[move.fromShard()] >= 0, "move " + move + " takes units that are not free");
        }
        for (int i = 0; i < qtys.size(); i++) {
            if (plan.shardOf().get(i) != UNSERVED) {
                free[plan.shardOf().get(i)] -= qtys.get(i);
            }
        }
        for (int shard = 0; shard < free.length; shard++) {
            assertTrue(free[shard] >= 0, "row " + shard + " gave more units than it had");
        }
    }

    private static List<ShardFree> rows(int... free) {
        List<ShardFree> rows = new ArrayList<>();
        for (int shard = 0; shard < free.length; shard++) {
            rows.add(new ShardFree(shard, 100, free[shard]));
        }
        return rows;
    }
}
