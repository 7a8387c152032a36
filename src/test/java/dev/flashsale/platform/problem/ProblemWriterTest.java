package dev.flashsale.platform.problem;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import jakarta.json.Json;
import jakarta.json.JsonObject;
import java.io.StringReader;
import java.util.List;
import org.junit.jupiter.api.Test;

class ProblemWriterTest {

    @Test
    void writesTheFieldsInOrderAndLeavesOutWhatIsNotThere() {
        String json = ProblemWriter.json(new Problem(Problem.TYPE_BASE + "sold-out", "Sold out", 409, "None left", null));
        assertEquals("{\"type\":\"https://flashsale.dev/problems/sold-out\",\"title\":\"Sold out\",\"status\":409,"
                + "\"detail\":\"None left\"}", json);
        assertFalse(ProblemWriter.json(new Problem("t", "T", 500, null, null)).contains("detail"));
    }

    @Test
    void escapesWhatJsonRequiresSoThatAnyTextReadsBack() {
        String detail = "quote \" backslash \\ nul \u0000 newline \n tab \t bell \u0007 unicode Ölçü 買家 \u2028";
        Problem problem = new Problem("t", "T", 400, detail, List.of(new Problem.FieldError("sku", "must be \"x\"")));
        JsonObject read = Json.createReader(new StringReader(ProblemWriter.json(problem))).readObject();
        assertEquals(detail, read.getString("detail"));
        assertEquals(400, read.getInt("status"));
        assertEquals("must be \"x\"", read.getJsonArray("errors").getJsonObject(0).getString("message"));
        assertEquals("sku", read.getJsonArray("errors").getJsonObject(0).getString("field"));
    }

    @Test
    void aRefusalGivenAgainIsTheSameBytesAndNoMoreThanTheBoundAreKept() {
        Problem soldOut = new Problem(Problem.TYPE_BASE + "sold-out", "Sold out", 409, "None of SKU-1 left", null);
        byte[] first = ProblemWriter.bytes(soldOut);
        assertEquals(ProblemWriter.json(soldOut), new String(first, java.nio.charset.StandardCharsets.UTF_8));
        assertSame(first, ProblemWriter.bytes(new Problem(soldOut.type(), soldOut.title(), 409, "None of SKU-1 left", null)));
        for (int i = 0; i < 3 * ProblemWriter.KEPT; i++) {
            Problem other = new Problem("t", "T", 409, "detail " + i, null);
            assertEquals(ProblemWriter.json(other), new String(ProblemWriter.bytes(other), java.nio.charset.StandardCharsets.UTF_8));
        }
        assertTrue(ProblemWriter.kept() <= ProblemWriter.KEPT, "kept: " + ProblemWriter.kept());
        Problem withErrors = new Problem("t", "T", 400, "d", List.of(new Problem.FieldError("sku", "bad")));
        assertNotSame(ProblemWriter.bytes(withErrors), ProblemWriter.bytes(withErrors), "field errors are written each time");
    }
}
