package dev.flashsale.testsupport;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The role matrix as docs/roles.md states it: one cell per call or page and role, {@code yes} or
 * {@code no}. The tests read the table rather than a copy of it, so that the docs cannot drift.
 */
public final class RoleMatrix {

    public static final Path DOCUMENT = Path.of("docs", "roles.md");
    public static final List<String> ROLES = List.of("viewer", "merchandiser", "administrator");

    private static final Pattern ROW = Pattern.compile("^\\| `(GET|POST|PUT|DELETE) (/[^`]*)` \\| (yes|no) \\| (yes|no) \\| (yes|no) \\|$");

    /** One line of the table: a call (method and path template) and whether each role may make it. */
    public record Cell(String method, String path, Map<String, Boolean> allowed) {

        public boolean isConsolePage() {
            return path.startsWith("/console/");
        }

        @Override
        public String toString() {
            return method + " " + path;
        }
    }

    private RoleMatrix() {
    }

    public static List<Cell> read() {
        List<String> lines;
        try {
            lines = Files.readAllLines(DOCUMENT);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        List<Cell> cells = new ArrayList<>();
        for (String line : lines) {
            Matcher row = ROW.matcher(line.strip());
            if (row.matches()) {
                cells.add(new Cell(row.group(1), row.group(2), Map.of(ROLES.get(0), row.group(3).equals("yes"),
                        ROLES.get(1), row.group(4).equals("yes"), ROLES.get(2), row.group(5).equals("yes"))));
            } else if (line.startsWith("| `")) {
                throw new IllegalStateException("A line of the role matrix that does not read as one: " + line);
            }
        }
        if (cells.isEmpty()) {
            throw new IllegalStateException("No role matrix in " + DOCUMENT);
        }
        return cells;
    }
}
