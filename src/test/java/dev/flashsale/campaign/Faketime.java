package dev.flashsale.campaign;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.logging.Logger;
import java.util.stream.Stream;

/**
 * libfaketime, which sets one node's clock off (Debian's {@code faketime} package): installed with
 * apt-get when it is missing, as root or through password-less sudo, as the test command installs
 * what it needs; otherwise the campaign stops before its first run and says what to install.
 */
final class Faketime {

    private static final Logger LOG = Logger.getLogger(Faketime.class.getName());
    /** Where Debian puts the library, one folder per architecture. */
    private static final Path LIBRARIES = Path.of("/usr/lib");
    private static final String LIBRARY = "faketime/libfaketime.so.1";
    /** A limit long enough that apt-get is not killed mid-install, which would leave dpkg half-done. */
    private static final Duration INSTALL_LIMIT = Duration.ofMinutes(15);

    private Faketime() {
    }

    /** @return the library, installed now if it was missing */
    static Path ensureInstalled() {
        Optional<Path> found = find();
        if (found.isPresent()) {
            return found.get();
        }
        LOG.info("libfaketime is missing: installing Debian's faketime package");
        List<String> asRoot = Command.root() ? List.of() : List.of("sudo", "-n");
        List<String> install = concat(asRoot, List.of("env", "DEBIAN_FRONTEND=noninteractive", "apt-get", "install", "-y", "-qq", "faketime"));
        try {
            run(install);
        } catch (IllegalStateException notInTheLists) {
            run(concat(asRoot, List.of("apt-get", "update", "-qq")));
            run(install);
        }
        return find().orElseThrow(() -> new IllegalStateException("faketime was installed but no " + LIBRARY + " is under " + LIBRARIES));
    }

    private static Optional<Path> find() {
        try (Stream<Path> folders = Files.list(LIBRARIES)) {
            return folders.map(folder -> folder.resolve(LIBRARY)).filter(Files::isRegularFile).findFirst();
        } catch (IOException unreadable) {
            return Optional.empty();
        }
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
