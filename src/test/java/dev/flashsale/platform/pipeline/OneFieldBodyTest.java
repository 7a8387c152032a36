package dev.flashsale.platform.pipeline;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.flashsale.platform.problem.Problem;
import dev.flashsale.platform.problem.ProblemException;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/** A body of one number field (an extension's {@code seconds}); the text field's is {@code TicketRequestBodyTest}'s. */
class OneFieldBodyTest {

    private final JsonObjectReader<BigDecimal> seconds = JsonObjectReader.ofNumber("seconds", value -> value);

    @Test
    void readsItsFieldSkippingOthersAndTakingTheLastOfTwins() {
        assertEquals(new BigDecimal("30"), read("{\"seconds\":30}"));
        assertEquals(new BigDecimal("2.5"), read("{\"x\":{\"seconds\":1},\"seconds\":1,\"seconds\":2.5,\"y\":[1]}"));
        assertNull(read("{}"), "left out: the maker decides");
        assertNull(read("{\"seconds\":null}"));
    }

    @Test
    void aBodyThatIsNotOneObjectWithANumberThereIsMalformed() {
        for (String bad : new String[] {"", "[1]", "{\"seconds\":\"30\"}", "{\"seconds\":true}", "{\"seconds\":[30]}",
                "{\"seconds\":30} {}"}) {
            ProblemException refused = assertThrows(ProblemException.class, () -> read(bad), bad);
            assertEquals(400, refused.status(), bad);
            assertEquals(Problem.TYPE_BASE + "malformed-request", refused.toProblem().type(), bad);
        }
    }

    private BigDecimal read(String body) {
        return seconds.read(body.getBytes(StandardCharsets.UTF_8), StandardCharsets.UTF_8);
    }
}
