package dev.flashsale.testsupport;

import dev.flashsale.foil.NaiveCheckout;
import dev.flashsale.testhooks.HoldHooksResource;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import java.util.zip.ZipEntry;
import java.util.zip.ZipInputStream;
import java.util.zip.ZipOutputStream;

/**
 * The WAR exactly as the build packaged it, plus the test support classes, the test-only foil
 * and the hooks the race tests call inside the server.
 */
public final class Deployments {

    /** Each class stands for its whole package (not its subpackages), as in a WAR's WEB-INF/classes. */
    private static final List<Class<?>> TEST_PACKAGES = List.of(Deployments.class, NaiveCheckout.class,
            HoldHooksResource.class);

    private Deployments() {
    }

    /** Writes the application's WAR into {@code dir} and returns its path. */
    public static Path application(Path dir) {
        Path built = Path.of("target", "flashsale.war");
        if (!Files.isRegularFile(built)) {
            throw new IllegalStateException("target/flashsale.war is missing: run the tests with ./mvnw verify");
        }
        Path war = dir.resolve("flashsale.war");
        try (ZipInputStream in = new ZipInputStream(Files.newInputStream(built));
             ZipOutputStream out = new ZipOutputStream(Files.newOutputStream(war))) {
            for (ZipEntry entry = in.getNextEntry(); entry != null; entry = in.getNextEntry()) {
                copy(entry.getName(), in, out);
            }
            for (Class<?> anchor : TEST_PACKAGES) {
                addPackage(anchor, out);
            }
        } catch (IOException e) {
            throw new UncheckedIOException("Cannot build " + war, e);
        }
        return war;
    }

    private static void addPackage(Class<?> anchor, ZipOutputStream out) throws IOException {
        String folder = anchor.getPackageName().replace('.', '/');
        Path classes = classesRoot(anchor).resolve(folder);
        try (Stream<Path> files = Files.list(classes)) {
            for (Path file : files.filter(f -> f.toString().endsWith(".class")).sorted().toList()) {
                try (InputStream in = Files.newInputStream(file)) {
                    copy("WEB-INF/classes/" + folder + "/" + file.getFileName(), in, out);
                }
            }
        }
    }

    private static Path classesRoot(Class<?> anchor) {
        try {
            return Path.of(anchor.getProtectionDomain().getCodeSource().getLocation().toURI());
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }

    private static void copy(String name, InputStream in, ZipOutputStream out) throws IOException {
        out.putNextEntry(new ZipEntry(name));
        in.transferTo(out);
        out.closeEntry();
    }
}
