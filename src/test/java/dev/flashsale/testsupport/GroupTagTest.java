package dev.flashsale.testsupport;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.parallel.Isolated;

/**
 * Every integration test class belongs to one of the suite's groups, so that it runs in the suite's
 * order and alone with -Dgroups; and a class of the groups that reach the second node, or one that
 * starts a node early ({@link NodeStartsBeside}, or a browser class that runs alone:
 * {@link EarlyStarts}), runs alone ({@code @Isolated}).
 */
class GroupTagTest {

    /** The groups whose classes run alone: they stop, slow or start what every class shares. */
    private static final List<String> ALONE = List.of("packaging", "faults", "cluster");

    @Test
    void everyIntegrationTestClassNamesItsGroup() throws IOException, URISyntaxException, ClassNotFoundException {
        Path classes = Path.of(GroupTagTest.class.getProtectionDomain().getCodeSource().getLocation().toURI());
        List<String> names;
        try (Stream<Path> files = Files.walk(classes)) {
            names = files.map(file -> classes.relativize(file).toString())
                    .filter(name -> name.endsWith("IT.class"))
                    .map(name -> name.substring(0, name.length() - ".class".length()).replace('/', '.'))
                    .sorted().toList();
        }
        List<String> untagged = new java.util.ArrayList<>();
        for (String name : names) {
            if (SuiteOrder.group(Class.forName(name)).isEmpty()) {
                untagged.add(name);
            }
        }
        assertEquals(List.of(), untagged, "classes without one of the groups " + SuiteOrder.GROUPS);
        List<String> besideOthers = new java.util.ArrayList<>();
        for (String name : names) {
            Class<?> test = Class.forName(name);
            boolean alone = SuiteOrder.group(test).filter(ALONE::contains).isPresent()
                    || test.isAnnotationPresent(NodeStartsBeside.class);
            if (alone && !test.isAnnotationPresent(Isolated.class)) {
                besideOthers.add(name);
            }
        }
        assertEquals(List.of(), besideOthers, "classes of the groups " + ALONE
                + ", or starting a node beside them, that may run beside others");
        assertEquals(true, names.size() > 20, "the integration test classes were found: " + names);
    }
}
