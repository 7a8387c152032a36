package dev.flashsale.platform.sql;

import java.util.Collection;
import java.util.List;

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
        List<String> texts = elements.stream().map(element -> element == null ? null : String.valueOf(element)).toList();
        // Sized once: a room's million tickets make a literal of about 50 MB, which growing would copy several times.
        StringBuilder literal = new StringBuilder(2 + texts.stream().mapToInt(text -> text == null ? 5 : text.length() + 3).sum());
        literal.append('{');
        for (int i = 0; i < texts.size(); i++) {
            if (i > 0) {
                literal.append(',');
            }
            String text = texts.get(i);
            if (text == null) {
                literal.append("NULL");
            } else {
                literal.append('"').append(text.replace("\\", "\\\\").replace("\"", "\\\"")).append('"');
            }
        }
        return literal.append('}').toString();
    }
}
