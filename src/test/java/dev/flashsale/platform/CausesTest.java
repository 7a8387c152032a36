package dev.flashsale.platform;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.sql.SQLException;
import java.util.List;
import org.junit.jupiter.api.Test;

class CausesTest {

    private final SQLException driver = new SQLException("deadlock detected", "40P01");
    private final IllegalStateException persistence = new IllegalStateException("flush failed", driver);
    private final RuntimeException container = new RuntimeException("transaction rolled back", persistence);

    @Test
    void walksFromTheOutermostFailureToTheInnermostCause() {
        assertEquals(List.of(container, persistence, driver), Causes.of(container).toList());
        assertSame(driver, Causes.root(container));
        assertSame(driver, Causes.root(driver), "a failure without a cause is its own root");
    }

    @Test
    void findsTheOutermostCauseOfAType() {
        assertSame(persistence, Causes.find(container, IllegalStateException.class).orElseThrow());
        assertSame(driver, Causes.find(container, SQLException.class).orElseThrow());
        assertTrue(Causes.find(container, ArithmeticException.class).isEmpty());
    }

    @Test
    void aChainThatLoopsBackIsWalkedOnce() {
        RuntimeException first = new RuntimeException("first");
        RuntimeException second = new RuntimeException("second", first);
        first.initCause(second);
        assertEquals(List.of(first, second), Causes.of(first).toList());
        assertSame(second, Causes.root(first));
    }
}
