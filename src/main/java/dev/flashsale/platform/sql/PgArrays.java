package dev.flashsale.platform.sql;

import java.util.Collection;
import java.util.stream.Collectors;

/**
 * PostgreSQL array literals ({@code {"a","b"}}) for binding a list as one text parameter, cast in
 * the statement ({@code CAST(:keys AS varchar[])}). Every element is quoted, with backslash and
 * double quote escaped, so commas, braces and quotes inside an element stay part of it; a null
 * element is SQL's NULL.
 */
public final class PgArrays {

    private PgArrays() {
    }

    public static String literal(Collection<?> elements) {
        return elements.stream().map(element -> element == null ? "NULL" : quoted(String.valueOf(element))).collect(Collectors.joining(",", "{", "}"));
    }

    private static String quoted(String element) {
        return '"' + element.replace("\\", "\\\\").replace("\"", "\\\"") + '"';
    }
}
