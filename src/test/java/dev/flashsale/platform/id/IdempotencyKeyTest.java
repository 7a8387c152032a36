package dev.flashsale.platform.id;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.flashsale.platform.problem.ProblemException;
import java.util.UUID;
import org.junit.jupiter.api.Test;

class IdempotencyKeyTest {

    @Test
    void acceptsPrintableAsciiUpTo128Characters() {
        assertEquals("order-7781", new IdempotencyKey(KeyOwner.CONFIGURED, "order-7781").value());
        assertEquals(128, new IdempotencyKey(KeyOwner.CONFIGURED, "k".repeat(128)).value().length());
    }

    @Test
    void theSameTextOfTwoStorefrontKeysIsTwoKeys() {
        KeyOwner kiosk = new KeyOwner(UUID.fromString("5f0c2a8e-93d1-4c1e-9a43-1d2b3c4d5e6f"));
        IdempotencyKey ofShop = new IdempotencyKey(KeyOwner.CONFIGURED, "order-7781");
        IdempotencyKey ofKiosk = new IdempotencyKey(kiosk, "order-7781");
        assertNotEquals(ofShop, ofKiosk);
        assertEquals("00000000-0000-0000-0000-000000000000/order-7781", ofShop.qualified());
        assertEquals("5f0c2a8e-93d1-4c1e-9a43-1d2b3c4d5e6f/order-7781", ofKiosk.qualified());
        assertEquals(ofShop, new IdempotencyKey(KeyOwner.CONFIGURED, "order-7781"));
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
        ProblemException refused = assertThrows(ProblemException.class, () -> new IdempotencyKey(KeyOwner.CONFIGURED, key));
        assertEquals(400, refused.status());
        String type = refused.toProblem().type();
        return type.substring(type.lastIndexOf('/') + 1);
    }
}
