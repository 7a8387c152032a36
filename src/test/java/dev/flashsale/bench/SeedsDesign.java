package dev.flashsale.bench;

import dev.flashsale.testsupport.TestDatabase;
import jakarta.json.Json;
import jakarta.json.JsonObject;
import java.io.IOException;
import java.io.StringReader;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.sql.SQLException;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * The seeds' own design in Node (the folder given by {@code --peer}, read-only: it is copied into
 * the benchmark's output and installed there with npm), started beside the application so that
 * both answer the same wrk script in turn, on the same machine, in the same run: its own database
 * (recreated from its {@code schema.sql}), the benchmark's Redis, two workers. Without Node or
 * npm, or without the folder, it is not measured, and the benchmark says why.
 */
final class SeedsDesign implements AutoCloseable {

    private static final Duration INSTALL_LIMIT = Duration.ofMinutes(5);
    private static final Duration START_LIMIT = Duration.ofSeconds(30);
    private static final HttpClient HTTP = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();

    private final Process process;
    private final URI base;

    private SeedsDesign(Process process, URI base) {
        this.process = process;
        this.base = base;
    }

    /** Why the design cannot run here, or empty when it can. */
    static Optional<String> unavailable(Path source) {
        if (!Files.isRegularFile(source.resolve("server.js"))) {
            return Optional.of("no server.js in " + source.toAbsolutePath() + " (--peer DIR names the seeds' design)");
        }
        for (String tool : List.of("node", "npm", "psql")) {
            if (!onPath(tool)) {
                return Optional.of(tool + " is not installed (Debian: apt-get install -y nodejs npm postgresql-client)");
            }
        }
        return Optional.empty();
    }

    /** Copies, installs and starts the design on {@code port}; ready when its ping answers. */
    static SeedsDesign start(Path source, Path outputDir, int port, BenchOptions options)
            throws IOException, InterruptedException, SQLException {
        Path copy = outputDir.resolve("seeds-design");
        Files.createDirectories(copy);
        try (Stream<Path> files = Files.list(source)) {
            for (Path file : files.filter(Files::isRegularFile).toList()) {
                Files.copy(file, copy.resolve(file.getFileName()), StandardCopyOption.REPLACE_EXISTING);
            }
        }
        ExternalCommand.run(List.of("npm", "install", "--no-audit", "--no-fund", "--loglevel=error", "--prefix", copy.toString()),
                Map.of(), INSTALL_LIMIT);
        URI db = URI.create(options.dbUrl().substring("jdbc:".length()));
        String host = db.getHost();
        int dbPort = db.getPort() > 0 ? db.getPort() : 5432;
        String name = "flashsale_seeds_design";
        TestDatabase.main(new String[] {"recreate", "jdbc:postgresql://" + host + ":" + dbPort + "/postgres", options.dbUser(), name});
        Map<String, String> pg = Map.of("PGHOST", host, "PGPORT", Integer.toString(dbPort), "PGUSER", options.dbUser(),
                "PGPASSWORD", options.dbPassword(), "PGDATABASE", name);
        ExternalCommand.run(List.of("psql", "-q", "-v", "ON_ERROR_STOP=1", "-f", copy.resolve("schema.sql").toString()), pg,
                Duration.ofMinutes(1));
        ProcessBuilder builder = new ProcessBuilder("node", "server.js").directory(copy.toFile()).redirectErrorStream(true)
                .redirectOutput(outputDir.resolve("seeds-design.log").toFile());
        builder.environment().putAll(pg);
        builder.environment().putAll(Map.of("PORT", Integer.toString(port), "WORKERS", "2",
                "REDIS_HOST", options.redisHost(), "REDIS_PORT", Integer.toString(options.redisPort())));
        SeedsDesign design = new SeedsDesign(builder.start(), URI.create("http://127.0.0.1:" + port + "/"));
        try {
            design.awaitPing();
        } catch (RuntimeException | InterruptedException failed) {
            design.close();
            throw failed;
        }
        return design;
    }

    URI base() {
        return base;
    }

    /** A SKU of {@code units} on sale: its PostgreSQL row, then its Redis counter (the design's own admin path). */
    void openSku(String sku, int units) {
        send(HttpRequest.newBuilder(base.resolve("admin/skus/" + sku + "/" + units)).POST(HttpRequest.BodyPublishers.noBody()), 201);
    }

    /** Its counts of {@code sku}: initial, available, reservations, units (reserved), redis. */
    JsonObject counts(String sku) {
        String body = send(HttpRequest.newBuilder(base.resolve("admin/skus/" + sku)).GET(), 200);
        return Json.createReader(new StringReader(body)).readObject();
    }

    /** Exactly {@code units} reserved, by as many reservations, and none beyond the initial stock. */
    static boolean heldExactly(JsonObject counts, int units) {
        return counts.getInt("units") == units && counts.getInt("reservations") == units
                && counts.getInt("initial") - counts.getInt("available") == units && counts.getInt("available") >= 0;
    }

    private void awaitPing() throws InterruptedException {
        long deadline = System.nanoTime() + START_LIMIT.toNanos();
        while (System.nanoTime() < deadline) {
            if (!process.isAlive()) {
                throw new IllegalStateException("The seeds' design exited (" + process.exitValue() + "); see seeds-design.log");
            }
            try {
                if (HTTP.send(HttpRequest.newBuilder(base.resolve("api/ping")).build(), HttpResponse.BodyHandlers.discarding())
                        .statusCode() == 200) {
                    return;
                }
            } catch (IOException notYet) {
                // not listening yet
            }
            TimeUnit.MILLISECONDS.sleep(200);
        }
        throw new IllegalStateException("The seeds' design did not answer its ping within " + START_LIMIT);
    }

    private static String send(HttpRequest.Builder request, int expected) {
        try {
            HttpResponse<String> response = HTTP.send(request.timeout(Duration.ofSeconds(30)).build(), HttpResponse.BodyHandlers.ofString());
            if (response.statusCode() != expected) {
                throw new IllegalStateException("The seeds' design answered " + response.statusCode() + ": " + response.body());
            }
            return response.body();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    private static boolean onPath(String tool) {
        return Stream.of(System.getenv().getOrDefault("PATH", "").split(":"))
                .anyMatch(dir -> !dir.isEmpty() && Files.isExecutable(Path.of(dir, tool)));
    }

    @Override
    public void close() throws InterruptedException {
        process.descendants().forEach(ProcessHandle::destroy);
        process.destroy();
        if (!process.waitFor(10, TimeUnit.SECONDS)) {
            process.descendants().forEach(ProcessHandle::destroyForcibly);
            process.destroyForcibly().waitFor(5, TimeUnit.SECONDS);
        }
    }
}
