package dev.flashsale.platform.pipeline;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** Which {@code Accept-Encoding} headers get a stored gzip body as it is. */
class AnswerWriterTest {

    @Test
    void gzipGoesOutAsItIsOnlyToAClientThatTakesIt() {
        assertTrue(AnswerWriter.acceptsGzip("gzip"));
        assertTrue(AnswerWriter.acceptsGzip("gzip, deflate, br"));
        assertTrue(AnswerWriter.acceptsGzip("br;q=1.0, GZIP;q=0.5"));
        assertTrue(AnswerWriter.acceptsGzip("*"));
        assertFalse(AnswerWriter.acceptsGzip(null));
        assertFalse(AnswerWriter.acceptsGzip(""));
        assertFalse(AnswerWriter.acceptsGzip("identity"));
        assertFalse(AnswerWriter.acceptsGzip("deflate, br"));
        assertFalse(AnswerWriter.acceptsGzip("gzip;q=0"));
        assertFalse(AnswerWriter.acceptsGzip("gzip; q=0.0"));
    }
}
