package dev.flashsale.webhooks.control;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import org.junit.jupiter.api.Test;

/** The signature is the one Standard Webhooks' libraries check: their published test vector. */
class SignatureTest {

    private static final String SECRET = "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw";

    @Test
    void reproducesTheSpecificationsTestVector() {
        assertEquals("v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=",
                Signature.of(SECRET, "msg_p5jXN8AQM9LWM0D4loKWxJek", 1614265330L, "{\"test\": 2432232314}"));
    }

    @Test
    void anotherTimestampSignsDifferently() {
        assertNotEquals(Signature.of(SECRET, "msg_p5jXN8AQM9LWM0D4loKWxJek", 1614265330L, "{}"),
                Signature.of(SECRET, "msg_p5jXN8AQM9LWM0D4loKWxJek", 1614265331L, "{}"));
    }
}
