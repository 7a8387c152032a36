package dev.flashsale.stock.control;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.flashsale.stock.entity.ShardFree;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class ShardTotalsTest {

    @Test
    void aRaiseIsSpreadEvenlyAndTheFirstRowsTakeTheRemainder() {
        List<ShardFree> shards = List.of(new ShardFree(0, 10, 4), new ShardFree(1, 10, 10), new ShardFree(2, 10, 0));

        assertEquals(Optional.of(Map.of(0, 12, 1, 12, 2, 11)), ShardTotals.resized(shards, 35));
        assertEquals(Optional.of(Map.of(0, 11)), ShardTotals.resized(shards, 31), "rows without a share stay as they are");
    }

    @Test
    void aCutTakesFreeUnitsFromTheRowsWithTheMostFirst() {
        List<ShardFree> shards = List.of(new ShardFree(0, 10, 4), new ShardFree(1, 10, 10), new ShardFree(2, 10, 0));

        assertEquals(Optional.of(Map.of(1, 2)), ShardTotals.resized(shards, 22));
        assertEquals(Optional.of(Map.of(1, 0, 0, 7)), ShardTotals.resized(shards, 17));
    }

    @Test
    void neverBelowWhatIsHeldOrSold() {
        List<ShardFree> shards = List.of(new ShardFree(0, 10, 4), new ShardFree(1, 10, 10), new ShardFree(2, 10, 0));

        assertEquals(Optional.of(Map.of(0, 6, 1, 0)), ShardTotals.resized(shards, 16), "down to held + sold exactly");
        assertEquals(Optional.empty(), ShardTotals.resized(shards, 15));
    }

    @Test
    void theSameUnitsChangeNothing() {
        assertEquals(Optional.of(Map.of()), ShardTotals.resized(List.of(new ShardFree(0, 5, 1)), 5));
    }
}
