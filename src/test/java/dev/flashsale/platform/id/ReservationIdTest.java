package dev.flashsale.platform.id;

import dev.flashsale.platform.problem.ProblemException;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

class ReservationIdTest {

    private static final String TEXT = "3f2b8c1e-9d4a-4e2b-8f7a-1c2d3e4f5a6b";

    @Test
    void isTheUuidsTextInAPathAndInJson() {
        ReservationId id = ReservationId.parse(TEXT);
        assertEquals(new ReservationId(UUID.fromString(TEXT)), id);
        assertEquals(TEXT, id.toString());
        assertEquals(TEXT, new ReservationId.AsJson().adaptToJson(id), "written as the UUID was before");
        assertEquals(id, new ReservationId.AsJson().adaptFromJson(TEXT));
    }

    @Test
    void refusesWhatIsNoUuid() {
        for (String bad : new String[] {null, "", "42", TEXT + "0", TEXT.replace('-', '_')}) {
            ProblemException refused = assertThrows(ProblemException.class, () -> ReservationId.parse(bad), String.valueOf(bad));
            assertEquals(400, refused.toProblem().status());
            assertEquals("invalid-id", refused.toProblem().type().replaceAll(".*/", ""));
        }
    }
}
