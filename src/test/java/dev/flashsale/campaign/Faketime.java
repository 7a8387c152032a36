package dev.flashsale.campaign;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.logging.Logger;
import java.util.stream.Stream;

/**
 * libfaketime, which sets one node's clock off (Debian's {@code faketime} package): installed with
 * apt-get when it is missing, as root or through password-less sudo, as the test command installs
 * what it needs; otherwise the campaign stops at once and says what to install.
 */
final class Faketime {

    private static final Logger LOG = Logger.getLogger(Faketime.class.getName());
    static final Path LIBRARY = Path.of("/usr/lib/x86_64-linux-gnu/faketime/libfaketime.so.1");
    private static final Duration INSTALL_LIMIT = Duration.ofMinutes(5);

    private Faketime() {
    }

    /** @return the library, installed now if it was missing */
    static Path ensureInstalled() {
        if (Files.isRegularFile(LIBRARY)) {
            return LIBRARY;
        }
        LOG.info("libfaketime is missing: installing Debian's faketime package");
        List<String> asRoot = Command.root() ? List.of() : List.of("sudo", "-n");
        run(concat(asRoot, List.of("apt-get", "update", "-qq")));
        run(concat(asRoot, List.of("env", "DEBIAN_FRONTEND=noninteractive", "apt-get", "install", "-y", "-qq", "faketime")));
        if (!Files.isRegularFile(LIBRARY)) {
            throw new IllegalStateException("faketime was installed but " + LIBRARY + " is not there");
        }
        return LIBRARY;
    }

    private static List<String> concat(List<String> first, List<String> second) {
        return Stream.concat(first.stream(), second.stream()).toList();
    }

    private static void run(List<String> command) {
        try {
            Command.run(command, INSTALL_LIMIT);
        } catch (IllegalStateException failed) {
            throw new IllegalStateException("A clock off (-Dskew) needs libfaketime: install Debian's faketime package"
                    + " (apt-get install faketime) or run without -Dskew. " + failed.getMessage(), failed);
        }
    }
}
