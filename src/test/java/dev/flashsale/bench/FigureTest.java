package dev.flashsale.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.util.List;
import org.junit.jupiter.api.Test;

/** The median of repeated runs, and a figure's share of its ceiling. */
class FigureTest {

    @Test
    void theMedianIsTheMiddleRunOrTheLowerOfTheTwoMiddleOnes() {
        assertEquals(3.0, Figure.median(List.of(5.0, 1.0, 3.0), run -> run));
        assertEquals(2.0, Figure.median(List.of(4.0, 1.0, 2.0, 3.0), run -> run));
        assertEquals("bb", Figure.median(List.of("ccc", "a", "bb"), String::length));
    }

    @Test
    void aFigureIsItsMedianAsAShareOfItsCeiling() {
        Figure seed = new Figure("seed", List.of(900.0, 1_200.0, 1_000.0), null, 0, 0, "PASS", 550L, "floor", 4_000.0);

        assertEquals(1_000.0, seed.value());
        assertEquals(0.25, seed.ratio(), 1e-9);
        assertNull(new Figure("floor", List.of(4_000.0), null, 0, 0, null, null, null, null).ratio());
    }
}
