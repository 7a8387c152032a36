package dev.flashsale.console;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

class ShownTest {

    private final ConsoleActions actions = new ConsoleActions();

    /** A page refers to what it shows many times while it is drawn: one read serves them all. */
    @Test
    void itIsReadOnceUntilAnActionForgetsIt() {
        AtomicInteger reads = new AtomicInteger();
        Shown<List<Integer>> shown = Shown.list();

        assertEquals(List.of(1), shown.get(actions, () -> List.of(reads.incrementAndGet())));
        assertEquals(List.of(1), shown.get(actions, () -> List.of(reads.incrementAndGet())));
        shown.forget();
        assertEquals(List.of(2), shown.get(actions, () -> List.of(reads.incrementAndGet())));
        assertEquals(2, reads.get());
    }

    @Test
    void aReadOfNothingShowsTheFallback() {
        assertEquals(List.of(), Shown.<String>list().get(actions, () -> null));
        assertEquals("none", Shown.orElse("none").get(actions, () -> null));
    }
}
