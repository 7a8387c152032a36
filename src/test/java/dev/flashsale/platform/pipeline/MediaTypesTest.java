package dev.flashsale.platform.pipeline;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.flashsale.platform.problem.ProblemException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;

class MediaTypesTest {

    @Test
    void aJsonBodyIsReadInTheCharsetItNamesAndAnythingElseIsRefused() {
        assertEquals(StandardCharsets.UTF_8, MediaTypes.jsonCharset("application/json"));
        assertEquals(StandardCharsets.UTF_8, MediaTypes.jsonCharset("Application/JSON ; charset=\"utf-8\""));
        assertEquals(StandardCharsets.ISO_8859_1, MediaTypes.jsonCharset("application/json;charset=ISO-8859-1"));
        for (String other : new String[] {null, "", "text/plain", "application/jsonx", "application/xml; charset=utf-8"}) {
            assertEquals(415, assertThrows(ProblemException.class, () -> MediaTypes.jsonCharset(other), other).status(), other);
        }
        ProblemException unknown = assertThrows(ProblemException.class, () -> MediaTypes.jsonCharset("application/json; charset=no-such"));
        assertEquals(400, unknown.status());
        assertEquals("malformed-request", unknown.slug());
    }

    @Test
    void anAnswerIsAcceptedByNoHeaderOrByARangeThatCoversItWithoutQualityZero() {
        assertTrue(MediaTypes.accepts(List.of(), Answer.JSON));
        assertTrue(MediaTypes.accepts(List.of("*/*"), Answer.JSON));
        assertTrue(MediaTypes.accepts(List.of("application/*"), Answer.JSON));
        assertTrue(MediaTypes.accepts(List.of("text/html, application/json;q=0.5"), Answer.JSON));
        assertTrue(MediaTypes.accepts(List.of("text/html", "application/json"), Answer.JSON), "every line counts");
        assertTrue(MediaTypes.accepts(List.of("application/json, text/plain"), Answer.TEXT));
        assertFalse(MediaTypes.accepts(List.of("application/json"), Answer.TEXT));
        assertFalse(MediaTypes.accepts(List.of("text/*"), Answer.JSON));
        assertFalse(MediaTypes.accepts(List.of("application/json;q=0"), Answer.JSON));
        assertFalse(MediaTypes.accepts(List.of("application/xml"), Answer.JSON));
    }
}
