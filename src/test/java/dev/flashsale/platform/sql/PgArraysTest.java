package dev.flashsale.platform.sql;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.junit.jupiter.api.Test;

class PgArraysTest {

    @Test
    void everyElementIsQuotedWithBackslashAndQuoteEscaped() {
        assertEquals("{\"a\",\"b,c\",\"{d}\",\"e\\\"f\",\"g\\\\h\",\"\"}", PgArrays.literal(List.of("a", "b,c", "{d}", "e\"f", "g\\h", "")));
    }

    @Test
    void numbersAndAnEmptyListToo() {
        assertEquals("{\"1\",\"22\"}", PgArrays.literal(List.of(1, 22)));
        assertEquals("{}", PgArrays.literal(List.of()));
    }
}
