package dev.flashsale.platform.id;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.flashsale.platform.problem.ProblemException;
import org.junit.jupiter.api.Test;

class IdempotencyKeyTest {

    @Test
    void acceptsPrintableAsciiUpTo128Characters() {
        assertEquals("order-7781", new IdempotencyKey("order-7781").value());
        assertEquals(128, new IdempotencyKey("k".repeat(128)).value().length());
    }

    @Test
    void refusesMissingBlankLongAndUnprintableKeys() {
        assertEquals("idempotency-key-missing", slugOf(null));
        assertEquals("idempotency-key-missing", slugOf(" \t"));
        assertEquals("idempotency-key-invalid", slugOf("k".repeat(129)));
        assertEquals("idempotency-key-invalid", slugOf("two words"));
        assertEquals("idempotency-key-invalid", slugOf("caf\u00e9"));
    }

    private static String slugOf(String key) {
        ProblemException refused = assertThrows(ProblemException.class, () -> new IdempotencyKey(key));
        assertEquals(400, refused.status());
        String type = refused.toProblem().type();
        return type.substring(type.lastIndexOf('/') + 1);
    }
}
