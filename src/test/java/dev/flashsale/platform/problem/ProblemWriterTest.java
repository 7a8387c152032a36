package dev.flashsale.platform.problem;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

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
}
