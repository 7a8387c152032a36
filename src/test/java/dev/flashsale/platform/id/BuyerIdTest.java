package dev.flashsale.platform.id;

import dev.flashsale.platform.problem.ProblemException;
import org.junit.jupiter.api.Test;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

class BuyerIdTest {

    @Test
    void acceptsNamesUpTo128CharactersInAnyScript() {
        assertEquals("buyer-17", new BuyerId("buyer-17").value());
        assertEquals("Ölçü 買家", new BuyerId("Ölçü 買家").value());
        assertEquals(128, new BuyerId("b".repeat(128)).value().length());
    }

    @Test
    void refusesBlankLongAndControlCharacters() {
        for (String bad : new String[] {null, "", "   ", "b".repeat(129), "nul\u0000", "line\nbreak", "tab\there", "del\u007f"}) {
            ProblemException refused = assertThrows(ProblemException.class, () -> new BuyerId(bad), String.valueOf(bad));
            assertEquals(400, refused.toProblem().status());
            assertEquals("invalid-buyer-id", refused.toProblem().type().replaceAll(".*/", ""));
        }
    }
}
