package dev.flashsale.testsupport;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * payara/data-source.asadmin, the data source's post-boot commands, with the pool's bounds filled
 * in as the launch script fills them: for the servers that start Payara Micro themselves (the
 * tests' servers, the local runner).
 */
public final class DataSourceCommands {

    private static final Path TEMPLATE = Path.of("payara/data-source.asadmin");

    private DataSourceCommands() {
    }

    /** @return the filled-in commands, written into {@code dir} */
    public static Path write(Path dir, int minPoolSize, int maxPoolSize) {
        try {
            String commands = Files.readString(TEMPLATE)
                    .replace("@FLASHSALE_DB_MIN_POOL_SIZE@", Integer.toString(minPoolSize))
                    .replace("@FLASHSALE_DB_MAX_POOL_SIZE@", Integer.toString(maxPoolSize));
            if (commands.contains("@FLASHSALE_")) {
                throw new IllegalStateException(TEMPLATE + " names a setting " + DataSourceCommands.class.getSimpleName()
                        + " does not fill in");
            }
            Files.createDirectories(dir);
            return Files.writeString(dir.resolve("data-source.asadmin"), commands);
        } catch (IOException e) {
            throw new UncheckedIOException("Cannot write the data source's commands from " + TEMPLATE.toAbsolutePath(), e);
        }
    }
}
