package dev.flashsale.platform;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The README is a door into docs/: it stays short, and the links between it and the documents
 * (and their images) lead somewhere. Nothing else checks a relative link or a heading anchor, and a
 * heading renamed in one document silently breaks the others' links to it.
 */
class DocsLinksTest {

    private static final Path README = Path.of("README.md");
    private static final Path DOCS = Path.of("docs");
    private static final long README_BYTES_MAX = 15_000;

    /** [text](target) and ![alt](target), with an optional "title"; the target without its angle brackets. */
    private static final Pattern LINK = Pattern.compile("!?\\[[^\\]]*]\\(\\s*<?([^)\\s>]*)>?(?:\\s+\"[^\"]*\")?\\s*\\)");
    private static final Pattern INLINE_CODE = Pattern.compile("`[^`]*`");
    private static final Pattern HEADING = Pattern.compile("^ {0,3}#{1,6}\\s+(.*?)\\s*#*\\s*$");
    private static final Pattern FENCE = Pattern.compile("^ {0,3}(```|~~~)");
    /** A scheme (https:, mailto:) or a protocol-relative address: not a file of this repository. */
    private static final Pattern EXTERNAL = Pattern.compile("^([a-zA-Z][a-zA-Z0-9+.-]*:|//)");

    @Test
    void everyRelativeLinkOfTheReadmeAndDocsLeadsToAFileAndHeading() {
        List<Path> documents = documents();
        List<String> broken = new ArrayList<>();
        int relative = 0;
        for (Path document : documents) {
            List<Link> links = relativeLinks(document);
            relative += links.size();
            links.forEach(link -> problem(link).ifPresent(broken::add));
        }
        assertTrue(relative >= documents.size(), "Almost no relative links found in " + documents + ": is the scan blind?");
        assertTrue(broken.isEmpty(), "Broken links:\n" + String.join("\n", broken));
    }

    @Test
    void theReadmeIsADoorNotTheHouse() throws IOException {
        long bytes = Files.size(README);
        assertTrue(bytes < README_BYTES_MAX, "README.md is " + bytes + " bytes; keep it under " + README_BYTES_MAX
                + " and move the detail into docs/");
    }

    @Test
    void theReadmeLinksEveryDocument() {
        Set<Path> linked = new HashSet<>();
        relativeLinks(README).forEach(link -> linked.add(link.target().normalize()));
        Set<String> unlinked = new TreeSet<>();
        markdownIn(DOCS).stream().map(Path::normalize).filter(doc -> !linked.contains(doc))
                .forEach(doc -> unlinked.add(doc.toString()));
        assertTrue(unlinked.isEmpty(), "Documents no reader finds from README.md: " + unlinked);
    }

    @Test
    void anchorsFollowGitHubsSlugs() {
        assertEquals("run-it", slug("Run it"));
        assertEquals("the-storefront-requests-path", slug("The storefront request's path"));
        assertEquals("latest-results-2026-12-02", slug("Latest results: 2026-12-02"));
        assertEquals("on-your-own-servers-the-uber-jar-payara-and-systemd",
                slug("On your own servers: the uber-jar, `payara/` and systemd"));
        assertEquals("the-waiting-room-how-admission-advances", slug("The waiting room: **how** admission advances"));
        assertEquals("read-the-api", slug("Read [the API](docs/api.md)"));
        assertEquals("snake_case-stays", slug("snake_case stays"));
    }

    @Test
    void aMissingFileAndAMissingHeadingAreBothNamed(@TempDir Path root) throws IOException {
        Files.createDirectories(root.resolve("docs"));
        Files.writeString(root.resolve("docs/guide.md"), "# Guide\n\n## Setting up\n\n## Setting up\n");
        Path readme = Files.writeString(root.resolve("README.md"), """
                # Door
                [fine](docs/guide.md#setting-up) and [the second one](docs/guide.md#setting-up-1),
                [gone](docs/missing.md), [renamed](docs/guide.md#installing), [here](#door), [lost](#nowhere),
                ![picture](docs/missing.png), [web](https://example.org/x.md) and `[code](not/a/link.md)`
                ```
                [fenced](not/a/link.md)
                # not a heading
                ```
                """);

        List<String> problems = relativeLinks(readme).stream().flatMap(link -> problem(link).stream()).toList();

        assertEquals(4, problems.size(), problems.toString());
        String all = String.join("\n", problems);
        for (String named : new String[] {"docs/missing.md", "docs/guide.md#installing", "#nowhere", "docs/missing.png"}) {
            assertTrue(all.contains(readme + ": " + named + " "), named + " not reported in:\n" + all);
        }
    }

    /** A relative link as written in a document, and the file it names. */
    private record Link(Path document, String written, Path target, String anchor) {
    }

    private static List<Path> documents() {
        List<Path> documents = new ArrayList<>(List.of(README));
        documents.addAll(markdownIn(DOCS));
        return documents;
    }

    private static List<Path> markdownIn(Path folder) {
        try (Stream<Path> files = Files.list(folder)) {
            return files.filter(file -> file.toString().endsWith(".md")).sorted().toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static List<Link> relativeLinks(Path document) {
        List<Link> links = new ArrayList<>();
        for (String line : prose(document)) {
            Matcher link = LINK.matcher(INLINE_CODE.matcher(line).replaceAll(""));
            while (link.find()) {
                String written = link.group(1);
                if (written.isEmpty() || EXTERNAL.matcher(written).find()) {
                    continue;
                }
                int hash = written.indexOf('#');
                String file = hash < 0 ? written : written.substring(0, hash);
                String anchor = hash < 0 ? null : written.substring(hash + 1);
                Path target = file.isEmpty() ? document : parentOf(document).resolve(file).normalize();
                links.add(new Link(document, written, target, anchor));
            }
        }
        return links;
    }

    /** What is wrong with a link, if anything, starting with the document and the link as written. */
    private static Optional<String> problem(Link link) {
        String where = link.document() + ": " + link.written() + " ";
        if (!Files.exists(link.target())) {
            return Optional.of(where + "(no file " + link.target() + ")");
        }
        if (link.anchor() != null && !anchors(link.target()).contains(link.anchor())) {
            return Optional.of(where + "(no heading of " + link.target() + " has that anchor; it has "
                    + anchors(link.target()) + ")");
        }
        return Optional.empty();
    }

    /** The anchors GitHub gives a Markdown file's headings: a repeated slug gets -1, -2, ... */
    private static Set<String> anchors(Path file) {
        Set<String> anchors = new TreeSet<>();
        if (!file.toString().endsWith(".md") || Files.isDirectory(file)) {
            return anchors;
        }
        Map<String, Integer> seen = new HashMap<>();
        for (String line : prose(file)) {
            Matcher heading = HEADING.matcher(line);
            if (heading.matches()) {
                String slug = slug(heading.group(1));
                int before = seen.merge(slug, 1, Integer::sum) - 1;
                anchors.add(before == 0 ? slug : slug + "-" + before);
            }
        }
        return anchors;
    }

    /** GitHub's slug of a heading: its text as rendered, lower-cased, punctuation dropped, each space a hyphen. */
    static String slug(String heading) {
        String rendered = heading.replaceAll("!?\\[([^\\]]*)]\\([^)]*\\)", "$1");
        return rendered.toLowerCase(Locale.ROOT).replaceAll("[^\\p{L}\\p{M}\\p{N}_ -]", "").replace(' ', '-');
    }

    /** The lines of a document outside fenced code blocks, where neither links nor headings count. */
    private static List<String> prose(Path document) {
        List<String> lines = new ArrayList<>();
        boolean fenced = false;
        try {
            for (String line : Files.readAllLines(document)) {
                if (FENCE.matcher(line).find()) {
                    fenced = !fenced;
                } else if (!fenced) {
                    lines.add(line);
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return lines;
    }

    private static Path parentOf(Path document) {
        Path parent = document.getParent();
        return parent == null ? Path.of("") : parent;
    }
}
