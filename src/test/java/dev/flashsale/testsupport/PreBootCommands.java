package dev.flashsale.testsupport;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * The fixed server settings of payara/pre-boot.asadmin (its lines without an {@code @NAME@}, which
 * the launch script takes as they are: the EJB timer service's shortest gap, an encoded slash
 * decoded when the request is mapped), for the servers that start Payara Micro themselves (the
 * tests' server, the local runner); they keep Payara's defaults in the rest (the HTTP listener's
 * sizes).
 */
public final class PreBootCommands {

    private static final Path TEMPLATE = Path.of("payara/pre-boot.asadmin");

    private PreBootCommands() {
    }

    /** @return the fixed commands, written into {@code dir} */
    public static Path writeFixed(Path dir) {
        try {
            List<String> fixed = Files.readAllLines(TEMPLATE).stream()
                    .filter(line -> line.startsWith("set ") && !line.contains("@")).toList();
            Files.createDirectories(dir);
            return Files.write(dir.resolve("pre-boot.asadmin"), fixed);
        } catch (IOException e) {
            throw new UncheckedIOException("Cannot write the fixed pre-boot commands from " + TEMPLATE.toAbsolutePath(), e);
        }
    }
}
