package dev.flashsale.platform.rest;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.flashsale.platform.problem.ProblemException;
import org.junit.jupiter.api.Test;

class QueryParamsTest {

    private enum Colour { RED, GREEN }

    @Test
    void aLimitIsAWholeNumberFromOneToTheMost() {
        assertEquals(1, QueryParams.limit("1", 200));
        assertEquals(200, QueryParams.limit("200", 200));
        assertEquals(50, QueryParams.limit(" 50 ", 200));
        assertEquals(7, QueryParams.limit("007", 200));
        for (String bad : new String[] {null, "", " ", "0", "201", "-1", "+5", "1.5", "abc", "9999999999", "99999999999999999999", "٣"}) {
            ProblemException refused = assertThrows(ProblemException.class, () -> QueryParams.limit(bad, 200), String.valueOf(bad));
            assertEquals(400, refused.status());
            assertEquals("invalid-limit", refused.slug());
            assertTrue(refused.getMessage().contains("1 to 200"), refused.getMessage());
        }
    }

    @Test
    void aStatusIsOneOfItsConstantsInAnyCaseOrNone() {
        assertEquals(Colour.RED, QueryParams.status("RED", Colour.class));
        assertEquals(Colour.GREEN, QueryParams.status(" green ", Colour.class));
        assertNull(QueryParams.status(null, Colour.class));
        assertNull(QueryParams.status("  ", Colour.class));
        for (String bad : new String[] {"BLUE", "RE D", "REDD", "ordinal"}) {
            ProblemException refused = assertThrows(ProblemException.class, () -> QueryParams.status(bad, Colour.class), bad);
            assertEquals(400, refused.status());
            assertEquals("invalid-status", refused.slug());
            assertTrue(refused.getMessage().contains("[RED, GREEN]"), refused.getMessage());
        }
    }
}
