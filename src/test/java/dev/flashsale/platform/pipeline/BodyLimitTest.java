package dev.flashsale.platform.pipeline;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.flashsale.platform.problem.ProblemException;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/** A body read whole within the bound, whatever its declared length says. */
class BodyLimitTest {

    private static final int MAX = 16;

    @Test
    void aBodyIsReadWholeWhetherItsLengthIsDeclaredRightShortLongOrNot() throws IOException {
        assertEquals("0123456789", read("0123456789", 10), "declared as it is");
        assertEquals("0123", read("0123", 10), "the client sent less than it declared");
        assertEquals("0123456789", read("0123456789", 4), "the stream went on past its declared length");
        assertEquals("0123456789", read("0123456789", -1), "no length declared (chunked)");
        assertEquals("", read("", 0), "no body");
        assertEquals("0123456789abcdef", read("0123456789abcdef", 16), "exactly the bound");
        assertEquals("0123456789abcdef", read("0123456789abcdef", 2), "exactly the bound, past its declared length");
    }

    @Test
    void aBodyPastTheBoundIsRefusedWith413HoweverItsLengthIsDeclared() {
        for (long declared : new long[] {-1, 4, 16, 17}) {
            ProblemException refused = assertThrows(ProblemException.class, () -> read("0123456789abcdefX", declared),
                    "declared " + declared);
            assertEquals(413, refused.status());
        }
    }

    private static String read(String body, long declared) throws IOException {
        byte[] bytes = BodyLimit.read(new ByteArrayInputStream(body.getBytes(StandardCharsets.US_ASCII)), declared, MAX);
        assertArrayEquals(body.substring(0, Math.min(body.length(), MAX)).getBytes(StandardCharsets.US_ASCII), bytes);
        return new String(bytes, StandardCharsets.US_ASCII);
    }
}
