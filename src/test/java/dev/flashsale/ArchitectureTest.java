package dev.flashsale;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The components (the packages directly under dev.flashsale) from the imports in src/main/java:
 * no cycle between them, no import of another component's control package, and platform, which
 * every component may use, uses none of them. And from the statement names in the sources: only
 * the stock component loads the statements of db/stock/, the ones that move units.
 */
class ArchitectureTest {

    private static final Path SOURCES = Path.of("src/main/java/dev/flashsale");
    private static final Pattern IMPORT = Pattern.compile(
            "^import\\s+(?:static\\s+)?dev\\.flashsale\\.(\\w+)\\.(\\w+)[\\w.*]*\\s*;", Pattern.MULTILINE);
    private static final String PLATFORM = "platform";
    private static final Path STOCK_STATEMENTS = Path.of("db/stock");
    /**
     * A name of a statement of db/stock/ in a string literal: SqlStatements takes it as
     * {@code "stock/take_units"}, the class path as {@code "db/stock/take_units.sql"}.
     */
    private static final Pattern STOCK_STATEMENT = Pattern.compile("\"(?:db/)?stock/(\\w*)");
    /** Block comments and whole-line comments, where a statement's name is an example, not a load. */
    private static final Pattern COMMENT = Pattern.compile("/\\*.*?\\*/|^\\s*//[^\\n]*", Pattern.DOTALL | Pattern.MULTILINE);

    /** One import of another component: who imports, from which component and package. */
    private record Use(String file, String from, String to, String layer) {
        @Override
        public String toString() {
            return file + " imports dev.flashsale." + to + "." + layer;
        }
    }

    private static List<Use> uses;

    @BeforeAll
    static void scan() throws IOException {
        assertTrue(Files.isDirectory(SOURCES), SOURCES.toAbsolutePath() + " is missing");
        try (Stream<Path> files = Files.walk(SOURCES)) {
            uses = files.filter(file -> file.toString().endsWith(".java")).flatMap(ArchitectureTest::usesIn).toList();
        }
        assertTrue(uses.size() > 10, "The scan found almost no imports between components: " + uses);
    }

    @Test
    void noComponentImportsAnotherComponentsControl() {
        List<Use> intoControl = uses.stream().filter(use -> use.layer().equals("control")).toList();
        assertTrue(intoControl.isEmpty(), "Call the other component's boundary instead:\n" + lines(intoControl));
    }

    @Test
    void platformUsesNoComponent() {
        List<Use> fromPlatform = uses.stream().filter(use -> use.from().equals(PLATFORM)).toList();
        assertTrue(fromPlatform.isEmpty(), "platform is shared by all and uses none:\n" + lines(fromPlatform));
    }

    @Test
    void noCycleBetweenComponents() {
        Map<String, Set<String>> graph = new TreeMap<>();
        uses.forEach(use -> graph.computeIfAbsent(use.from(), c -> new TreeSet<>()).add(use.to()));
        List<String> cycles = new ArrayList<>();
        Set<Set<String>> seen = new HashSet<>();
        for (Map.Entry<String, Set<String>> edges : graph.entrySet()) {
            for (String to : edges.getValue()) {
                pathBetween(graph, to, edges.getKey()).filter(back -> seen.add(new TreeSet<>(back)))
                        .ifPresent(back -> cycles.add(edges.getKey() + " -> " + String.join(" -> ", back) + "\n"
                                + lines(evidence(edges.getKey(), back))));
            }
        }
        assertTrue(cycles.isEmpty(), "Components in a cycle (each edge with the imports that make it):\n"
                + String.join("\n", cycles));
    }

    /** One name for one thing: two classes of one name in main make every reader ask which is meant. */
    @Test
    void noTwoClassesOfMainShareAName() throws IOException {
        Map<String, Set<String>> byName = new TreeMap<>();
        try (Stream<Path> files = Files.walk(SOURCES)) {
            files.filter(file -> file.toString().endsWith(".java") && !file.endsWith("package-info.java"))
                    .forEach(file -> byName.computeIfAbsent(file.getFileName().toString(), name -> new TreeSet<>())
                            .add(SOURCES.relativize(file).toString()));
        }
        List<String> shared = byName.values().stream().filter(paths -> paths.size() > 1).map(paths -> "  " + paths).toList();
        assertTrue(byName.size() > 100, "src/main/java is not where this test looks: " + byName.size() + " names");
        assertTrue(shared.isEmpty(), "Classes of one name:\n" + String.join("\n", shared));
    }

    @Test
    void onlyStockLoadsTheStatementsOfDbStock() throws IOException {
        Map<String, Set<String>> namedBy = new TreeMap<>();
        try (Stream<Path> files = Files.walk(SOURCES)) {
            files.filter(file -> file.toString().endsWith(".java")).forEach(file -> {
                Matcher names = STOCK_STATEMENT.matcher(COMMENT.matcher(read(file)).replaceAll(""));
                while (names.find()) {
                    namedBy.computeIfAbsent(SOURCES.relativize(file).toString(), f -> new TreeSet<>()).add(names.group(1));
                }
            });
        }
        List<String> outside = namedBy.entrySet().stream().filter(named -> !named.getKey().startsWith("stock/"))
                .map(named -> "  " + named.getKey() + " loads " + named.getValue()).toList();
        assertTrue(outside.isEmpty(), "Units move only through the stock component's boundary; call it instead:\n"
                + String.join("\n", outside));

        Set<String> loadedByStock = namedBy.values().stream().flatMap(Set::stream).collect(Collectors.toCollection(TreeSet::new));
        Set<String> statements;
        try (Stream<Path> files = Files.list(STOCK_STATEMENTS)) {
            statements = files.map(file -> file.getFileName().toString()).filter(name -> name.endsWith(".sql"))
                    .map(name -> name.substring(0, name.length() - ".sql".length())).collect(Collectors.toCollection(TreeSet::new));
        }
        assertTrue(statements.contains("take_units"), "db/stock/ is not where this test looks: " + statements);
        assertTrue(loadedByStock.equals(statements), "The stock component loads " + loadedByStock
                + ", db/stock/ holds " + statements + ": the scan missed how they are named");
    }

    private static Stream<Use> usesIn(Path file) {
        String component = SOURCES.relativize(file).getName(0).toString();
        String source = read(file);
        List<Use> found = new ArrayList<>();
        Matcher imports = IMPORT.matcher(source);
        while (imports.find()) {
            if (!imports.group(1).equals(component)) {
                found.add(new Use(SOURCES.relativize(file).toString(), component, imports.group(1), imports.group(2)));
            }
        }
        return found.stream();
    }

    /** The shortest path of components from {@code start} to {@code goal}, both included. */
    private static Optional<List<String>> pathBetween(Map<String, Set<String>> graph, String start, String goal) {
        Map<String, String> cameFrom = new TreeMap<>();
        Deque<String> queue = new ArrayDeque<>(List.of(start));
        cameFrom.put(start, start);
        while (!queue.isEmpty()) {
            String at = queue.removeFirst();
            if (at.equals(goal)) {
                List<String> path = new ArrayList<>();
                for (String step = goal; !step.equals(start); step = cameFrom.get(step)) {
                    path.add(0, step);
                }
                path.add(0, start);
                return Optional.of(path);
            }
            for (String next : graph.getOrDefault(at, Set.of())) {
                if (cameFrom.putIfAbsent(next, at) == null) {
                    queue.addLast(next);
                }
            }
        }
        return Optional.empty();
    }

    private static List<Use> evidence(String first, List<String> rest) {
        List<String> cycle = new ArrayList<>(List.of(first));
        cycle.addAll(rest);
        List<Use> evidence = new ArrayList<>();
        for (int i = 0; i + 1 < cycle.size(); i++) {
            String from = cycle.get(i);
            String to = cycle.get(i + 1);
            evidence.addAll(uses.stream().filter(use -> use.from().equals(from) && use.to().equals(to)).toList());
        }
        return evidence;
    }

    private static String lines(List<Use> uses) {
        return uses.stream().map(use -> "  " + use).distinct().collect(Collectors.joining("\n"));
    }

    private static String read(Path file) {
        try {
            return Files.readString(file);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
