package dev.flashsale.bench;

import dev.flashsale.bench.floor.BareHandler;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import java.util.jar.Attributes;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import java.util.jar.Manifest;

/**
 * The container's floor: a WAR of one static file (bench/floor/pong), made into an uber-jar on the
 * same Payara Micro as the application and started by the same launch script with the same JVM
 * options. Beside it, at {@value #BARE_PATH}, a bare Grizzly handler ({@link BareHandler}), the
 * ceiling of the storefront's own door, which answers before the servlet container as it does. The same four bytes are also at bench/floor/api/ping, the path the launch script's
 * watchdog asks until the application answers. What it serves per second is the ceiling of anything this server serves on this
 * machine, measured in the same run as the figures held against it.
 */
final class Floor {

    static final String PATH = "pong";
    static final String BARE_PATH = "bare";
    private static final Path BARE_CLASS = Path.of("target", "test-classes", "dev", "flashsale", "bench", "floor",
            "BareHandler.class");
    private static final Path SOURCE = Path.of("bench", "floor");

    private Floor() {
    }

    /** Builds target/bench/floor-micro.jar from bench/floor/ and target/payara-micro.jar. */
    static Path build(Path outputDir, Path payaraMicro) throws IOException, InterruptedException {
        if (!Files.isRegularFile(payaraMicro)) {
            throw new IllegalStateException("No " + payaraMicro + ": ./mvnw -B -q package -DskipTests copies it there");
        }
        Path war = Files.createDirectories(outputDir.resolve("floor")).resolve("ROOT.war");
        Manifest manifest = new Manifest();
        manifest.getMainAttributes().put(Attributes.Name.MANIFEST_VERSION, "1.0");
        // Payara takes an archive for a WAR by its WEB-INF/ entry: directories are entries of their own, as jar writes them.
        try (OutputStream file = Files.newOutputStream(war); JarOutputStream jar = new JarOutputStream(file, manifest);
             Stream<Path> files = Files.walk(SOURCE)) {
            for (Path source : files.filter(path -> !path.equals(SOURCE)).sorted().toList()) {
                String name = SOURCE.relativize(source).toString().replace('\\', '/');
                boolean directory = Files.isDirectory(source);
                jar.putNextEntry(new JarEntry(directory ? name + "/" : name));
                if (!directory) {
                    jar.write(Files.readAllBytes(source));
                }
                jar.closeEntry();
            }
            if (!Files.isRegularFile(BARE_CLASS)) {
                throw new IllegalStateException("No " + BARE_CLASS + ": the benchmark runs after test-compile");
            }
            for (String directory : List.of("WEB-INF/classes/", "WEB-INF/classes/dev/", "WEB-INF/classes/dev/flashsale/",
                    "WEB-INF/classes/dev/flashsale/bench/", "WEB-INF/classes/dev/flashsale/bench/floor/")) {
                jar.putNextEntry(new JarEntry(directory));
                jar.closeEntry();
            }
            jar.putNextEntry(new JarEntry("WEB-INF/classes/dev/flashsale/bench/floor/BareHandler.class"));
            jar.write(Files.readAllBytes(BARE_CLASS));
            jar.closeEntry();
        }
        Path uberJar = outputDir.resolve("floor-micro.jar");
        // A WAR named ROOT.war deploys at "/" from an uber-jar, as the application's does.
        ExternalCommand.run(List.of("java", "-jar", payaraMicro.toString(), "--deploy", war.toString(), "--outputUberJar",
                uberJar.toString()), Map.of(), Duration.ofMinutes(3));
        return uberJar;
    }

    static BenchServer start(Path uberJar, int port, Path outputDir) {
        return BenchServer.start("floor", uberJar, port, Map.of(), PATH, outputDir.resolve("payara-floor.log"));
    }
}
