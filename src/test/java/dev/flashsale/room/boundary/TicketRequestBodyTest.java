package dev.flashsale.room.boundary;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.flashsale.platform.pipeline.JsonObjectReader;
import dev.flashsale.platform.problem.ProblemException;
import dev.flashsale.room.entity.TicketRequest;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

class TicketRequestBodyTest {

    private final JsonObjectReader<TicketRequest> reader = TakeTicket.BODIES;

    @Test
    void readsTheBuyerSkippingOtherFieldsAndTakingTheLastOfTwins() {
        assertEquals(new TicketRequest("buyer-7"), read("{\"buyerId\":\"buyer-7\"}"));
        assertEquals(new TicketRequest("Ölçü 買家"), read("{\"note\":{\"a\":[1]},\"buyerId\":\"first\",\"buyerId\":\"Ölçü 買家\",\"x\":null}"));
        assertEquals(new TicketRequest("42"), read("{\"buyerId\":42}"));
    }

    @Test
    void aBodyThatIsNotOneObjectOfItsFieldIsMalformed() {
        for (String bad : new String[] {"", "[1]", "\"b\"", "{\"buyerId\": ", "{\"buyerId\":[\"b\"]}", "{\"buyerId\":true}",
                "{\"buyerId\":\"b\"} {}", "{buyerId:\"b\"}"}) {
            ProblemException refused = assertThrows(ProblemException.class, () -> read(bad), bad);
            assertEquals("malformed-request", slug(refused), bad);
        }
    }

    @Test
    void aBuyerMissingEmptyTooLongOrWithAControlCharacterIsInvalidNamingTheField() {
        for (String bad : new String[] {"{}", "{\"buyerId\":null}", "{\"buyerId\":\"\"}", "{\"buyerId\":\"" + "b".repeat(129) + "\"}",
                "{\"buyerId\":\"line\\nbreak\"}"}) {
            ProblemException refused = assertThrows(ProblemException.class, () -> read(bad), bad);
            assertEquals("invalid-request", slug(refused), bad);
            assertEquals("buyerId", refused.toProblem().errors().get(0).field(), bad);
        }
        assertEquals(128, read("{\"buyerId\":\"" + "b".repeat(128) + "\"}").buyerId().length());
    }

    private TicketRequest read(String body) {
        return reader.read(body.getBytes(StandardCharsets.UTF_8), StandardCharsets.UTF_8);
    }

    private static String slug(ProblemException refused) {
        return refused.toProblem().type().replaceAll(".*/", "");
    }
}
