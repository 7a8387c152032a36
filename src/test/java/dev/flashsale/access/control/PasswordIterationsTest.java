package dev.flashsale.access.control;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** flashsale.admin.password-iterations: the product's default and anything above the least are taken; fewer refuse to start. */
class PasswordIterationsTest {

    @Test
    void theDefaultAndTheLeastAreTaken() {
        assertEquals(210_000, Passwords.checked(210_000));
        assertEquals(Passwords.LEAST_ITERATIONS, Passwords.checked(Passwords.LEAST_ITERATIONS));
    }

    @Test
    void fewerThanTheLeastAreRefusedWithTheSettingNamed() {
        for (int few : new int[] {Passwords.LEAST_ITERATIONS - 1, 2_048, 1, 0, -5}) {
            IllegalStateException refused = assertThrows(IllegalStateException.class, () -> Passwords.checked(few));
            assertTrue(refused.getMessage().contains("flashsale.admin.password-iterations is " + few), refused.getMessage());
        }
    }
}
