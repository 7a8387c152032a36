package dev.flashsale.devserver;

import dev.flashsale.platform.config.Setting;
import dev.flashsale.testsupport.DataSourceCommands;
import dev.flashsale.testsupport.PreBootCommands;
import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import java.io.File;
import java.io.IOException;
import java.net.BindException;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Comparator;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import java.util.logging.Level;
import java.util.logging.Logger;
import java.util.stream.Stream;
import redis.embedded.RedisServer;

/**
 * Runs the product on a developer's machine: {@code ./mvnw -B package -DskipTests exec:java} from the
 * repository root. Starts the freshly built WAR on Payara Micro at the root context (the API answers at
 * http://localhost:8080/api) and stops it on Ctrl+C. It needs nothing installed: without
 * {@code FLASHSALE_DB_URL} it brings an embedded PostgreSQL whose data stays in target/embedded-pg
 * between runs, without {@code FLASHSALE_REDIS_HOST} (nor {@code FLASHSALE_REDIS_CLUSTER_NODES}) an embedded Redis for the gate, and without
 * {@code FLASHSALE_ADMIN_PASSWORD} it makes up an admin password and logs it. Ports:
 * {@code FLASHSALE_HTTP_PORT}, {@code FLASHSALE_EMBEDDED_DB_PORT}, {@code FLASHSALE_EMBEDDED_REDIS_PORT}
 * (docs/configuration.md). It lives in the
 * test sources so that it never ships in the WAR.
 */
public final class DevServer {

    private static final Logger LOG = Logger.getLogger(DevServer.class.getName());
    private static final Path TARGET = Path.of("target").toAbsolutePath();

    private DevServer() {
    }

    public static void main(String[] args) throws IOException, InterruptedException {
        Path war = TARGET.resolve("flashsale.war");
        Path payaraJar = TARGET.resolve("payara-micro.jar");
        if (!Files.isRegularFile(war) || !Files.isRegularFile(payaraJar)) {
            throw new IllegalStateException("No " + war + " or " + payaraJar + ": run ./mvnw -B package -DskipTests exec:java");
        }
        int httpPort = intFromEnv(Setting.HTTP_PORT);
        // Payara does not exit when its port is taken, and the ping would then reach the other server.
        try {
            new ServerSocket(httpPort).close();
        } catch (BindException taken) {
            throw new IllegalStateException("Port " + httpPort + " is in use: choose another with FLASHSALE_HTTP_PORT", taken);
        }
        // A fresh root directory: reusing one makes Payara redeploy the previous WAR first.
        Path rootDir = TARGET.resolve("payara-root-" + System.currentTimeMillis());
        int minPool = intFromEnv(Setting.DB_MIN_POOL_SIZE);
        int maxPool = intFromEnv(Setting.DB_MAX_POOL_SIZE);
        Path dataSource = DataSourceCommands.write(TARGET.resolve("payara-commands"), minPool, maxPool);
        Path preBoot = PreBootCommands.writeFixed(TARGET.resolve("payara-commands"));
        ProcessBuilder payara = new ProcessBuilder(javaCommand(), "-Xmx512m", "-jar", payaraJar.toString(),
                "--nocluster", "--port", Integer.toString(httpPort), "--contextroot", "/",
                "--prebootcommandfile", preBoot.toString(), "--postbootcommandfile", dataSource.toString(),
                "--deploy", war.toString(), "--rootdir", rootDir.toString())
                .inheritIO();
        Map<String, String> childEnv = payara.environment();
        childEnv.put("FLASHSALE_DB_MAX_POOL_SIZE", Integer.toString(maxPool));
        EmbeddedPostgres postgres = isBlank(System.getenv("FLASHSALE_DB_URL")) ? startPostgres(childEnv) : null;
        RedisServer redis = isBlank(System.getenv("FLASHSALE_REDIS_HOST")) && isBlank(System.getenv("FLASHSALE_REDIS_CLUSTER_NODES"))
                ? startRedis(childEnv) : null;
        Properties credentials = DevCredentials.in(TARGET.resolve("dev-credentials.properties"));
        if (isBlank(System.getenv("FLASHSALE_ADMIN_PASSWORD"))) {
            childEnv.put("FLASHSALE_ADMIN_PASSWORD", credentials.getProperty("admin.password"));
            LOG.info("Console and admin API: user admin, password " + credentials.getProperty("admin.password")
                    + " (from target/dev-credentials.properties; set FLASHSALE_ADMIN_PASSWORD to choose one)");
        }
        if (isBlank(System.getenv("FLASHSALE_STOREFRONT_API_KEY"))) {
            childEnv.put("FLASHSALE_STOREFRONT_API_KEY", credentials.getProperty("storefront.api-key"));
            LOG.info("Storefront API: X-Api-Key " + credentials.getProperty("storefront.api-key")
                    + " (set FLASHSALE_STOREFRONT_API_KEY to choose one, or issue keys in the console)");
        }
        if (isBlank(System.getenv("FLASHSALE_ROOM_TOKEN_KEY"))) {
            // Not printed: nobody needs it but the server, which signs and checks admission tokens with it.
            childEnv.put("FLASHSALE_ROOM_TOKEN_KEY", credentials.getProperty("room.token-key"));
        }
        if (isBlank(System.getenv("FLASHSALE_CONSOLE_SECURE_COOKIE"))) {
            // The local runner serves plain HTTP; a Secure cookie would never come back.
            childEnv.put("FLASHSALE_CONSOLE_SECURE_COOKIE", "false");
        }
        AtomicReference<Process> server = new AtomicReference<>();
        Runtime.getRuntime().addShutdownHook(new Thread(() -> stop(server.get(), postgres, redis, rootDir), "devserver-stop"));
        server.set(payara.start());
        awaitPing(server.get(), httpPort);
        System.exit(server.get().waitFor());
    }

    private static EmbeddedPostgres startPostgres(Map<String, String> childEnv) throws IOException {
        int port = intFromEnv(Setting.EMBEDDED_DB_PORT);
        File home = TARGET.resolve("embedded-pg").toFile();
        File binaries = new File(home, "bin");
        // zonky creates, and deletes stale data directories in, its working directory (/tmp/embedded-pg
        // unless this property says otherwise): the data must live beside that directory, not inside it.
        System.setProperty("ot.epg.working-dir", binaries.getPath());
        EmbeddedPostgres postgres = EmbeddedPostgres.builder()
                .setPort(port)
                .setOverrideWorkingDirectory(binaries)
                .setDataDirectory(new File(home, "data"))
                .setCleanDataDirectory(false)
                .setRegisterShutdownHook(false) // closed by our hook, after Payara has let go of it
                .start();
        String url = "jdbc:postgresql://localhost:" + port + "/postgres";
        childEnv.put("FLASHSALE_DB_URL", url);
        childEnv.put("FLASHSALE_DB_USER", "postgres");
        childEnv.put("FLASHSALE_DB_PASSWORD", "postgres"); // ignored: the embedded server trusts local users
        LOG.info("No FLASHSALE_DB_URL configured: started an embedded PostgreSQL at " + url + " (data in target/embedded-pg)");
        return postgres;
    }

    private static RedisServer startRedis(Map<String, String> childEnv) throws IOException {
        int port = intFromEnv(Setting.EMBEDDED_REDIS_PORT);
        RedisServer redis = RedisServer.newRedisServer().port(port).bind("127.0.0.1")
                .setting("save \"\"").setting("appendonly no").build();
        redis.start();
        childEnv.put("FLASHSALE_REDIS_HOST", "127.0.0.1");
        childEnv.put("FLASHSALE_REDIS_PORT", Integer.toString(port));
        LOG.info("No FLASHSALE_REDIS_HOST configured: started an embedded Redis at 127.0.0.1:" + port
                + " (nothing kept on disk)");
        return redis;
    }

    /** Payara says "ready" even when the deployment failed, so only the application's answer counts. */
    private static void awaitPing(Process server, int httpPort) throws InterruptedException {
        HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).build();
        HttpRequest ping = HttpRequest.newBuilder(URI.create("http://localhost:" + httpPort + "/api/ping"))
                .timeout(Duration.ofSeconds(5)).build();
        for (int seconds = 1; !server.waitFor(1, TimeUnit.SECONDS); seconds++) {
            try {
                if (http.send(ping, HttpResponse.BodyHandlers.discarding()).statusCode() == 200) {
                    LOG.info("Flash sale is up: http://localhost:" + httpPort + "/api");
                    return;
                }
            } catch (IOException notListeningYet) {
                // Payara is still starting.
            }
            if (seconds == 180) {
                LOG.warning("No answer from " + ping.uri() + " after 3 minutes: look for a failed deployment above");
            }
        }
    }

    /** Runs on exit and on Ctrl+C: Payara first, then its database and Redis, then Payara's ~150 MB of scratch files. */
    private static void stop(Process server, EmbeddedPostgres postgres, RedisServer redis, Path rootDir) {
        try {
            if (server != null && server.isAlive()) {
                server.destroy();
                if (!server.waitFor(20, TimeUnit.SECONDS)) {
                    server.destroyForcibly().waitFor(5, TimeUnit.SECONDS);
                }
            }
            if (postgres != null) {
                postgres.close();
            }
            if (redis != null) {
                redis.stop();
            }
            if (Files.isDirectory(rootDir)) {
                try (Stream<Path> files = Files.walk(rootDir)) {
                    files.sorted(Comparator.reverseOrder()).forEach(file -> file.toFile().delete());
                }
            }
        } catch (IOException | InterruptedException e) {
            LOG.log(Level.WARNING, "Could not stop cleanly", e);
        }
    }

    private static String javaCommand() {
        return ProcessHandle.current().info().command()
                .orElse(Path.of(System.getProperty("java.home"), "bin", "java").toString());
    }

    private static int intFromEnv(Setting setting) {
        String value = System.getenv(setting.environmentVariable());
        return Integer.parseInt(isBlank(value) ? setting.defaultValue().orElseThrow() : value.trim());
    }

    private static boolean isBlank(String value) {
        return value == null || value.isBlank();
    }
}
