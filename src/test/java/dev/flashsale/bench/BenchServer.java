package dev.flashsale.bench;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import java.util.concurrent.TimeUnit;

/**
 * A Payara Micro uber-jar started the way an operator starts the application: by the launch
 * script payara/flashsale, with its server settings (payara/pre-boot.asadmin, payara/post-boot.asadmin) and the same JVM
 * options for every server the benchmark starts ({@link #JVM_OPTIONS}), so that the application and the floor differ
 * only in what they deploy; only {@code --app-java-opts} adds options, to the application's server, such as
 * a profiler's agent. Ready when {@code readyPath} answers 200; its resident memory is the JVM's VmRSS.
 */
final class BenchServer implements AutoCloseable {

    /** payara/jvm.options with the heap of the measured setup: 512 MiB. */
    static final String JVM_OPTIONS = "-Xmx512m -XX:+UseG1GC -XX:+ExitOnOutOfMemoryError -Dfile.encoding=UTF-8 -Djava.net.preferIPv4Stack=true"
            + " -Duser.language=en -Duser.country=US";
    private static final Duration STARTUP = Duration.ofSeconds(240);

    private final String name;
    private final Process launcher;
    private final URI base;
    private final Path log;
    private final Duration startup;

    private BenchServer(String name, Process launcher, URI base, Path log, Duration startup) {
        this.name = name;
        this.launcher = launcher;
        this.base = base;
        this.log = log;
        this.startup = startup;
    }

    /**
     * Starts {@code uberJar} on {@code port} with {@code environment} on top of the launch script's
     * defaults, and waits until ready. Payara Micro 6.2025.10 now and then starts without binding
     * its HTTP listener ({@value #LISTENER_NOT_BOUND} in its log), on a port that was free: such a
     * server never answers, and it is started once more.
     */
    static BenchServer start(String name, Path uberJar, int port, Map<String, String> environment, String readyPath, Path log) {
        return start(name, uberJar, port, environment, readyPath, log, "");
    }

    /** As {@link #start(String, Path, int, Map, String, Path)}, with {@code moreJavaOptions} after {@link #JVM_OPTIONS}. */
    static BenchServer start(String name, Path uberJar, int port, Map<String, String> environment, String readyPath, Path log,
                             String moreJavaOptions) {
        String javaOptions = moreJavaOptions.isBlank() ? JVM_OPTIONS : JVM_OPTIONS + " " + moreJavaOptions;
        try {
            return startOnce(name, uberJar, port, environment, readyPath, log, javaOptions);
        } catch (ListenerNotBound unbound) {
            System.out.println("  " + name + " server started without its HTTP listener (" + LISTENER_NOT_BOUND + "); starting it again");
            return startOnce(name, uberJar, port, environment, readyPath, log, javaOptions);
        }
    }

    static final String LISTENER_NOT_BOUND = "GrizzlyProxy is NULL";

    /** The server's log says its HTTP listener was not bound. */
    private static final class ListenerNotBound extends IllegalStateException {
        ListenerNotBound(String message) {
            super(message);
        }
    }

    private static BenchServer startOnce(String name, Path uberJar, int port, Map<String, String> environment, String readyPath,
                                         Path log, String javaOptions) {
        if (!Files.isRegularFile(uberJar)) {
            throw new IllegalStateException("No " + uberJar + ": build it first (./mvnw -B -q package -DskipTests)");
        }
        ProcessBuilder launch = new ProcessBuilder("payara/flashsale").redirectErrorStream(true).redirectOutput(log.toFile());
        launch.environment().putAll(environment);
        launch.environment().put("FLASHSALE_JAR", uberJar.toAbsolutePath().toString());
        launch.environment().put("FLASHSALE_HTTP_PORT", Integer.toString(port));
        launch.environment().put("FLASHSALE_JAVA_OPTS", javaOptions);
        URI base = URI.create("http://127.0.0.1:" + port + "/");
        long started = System.nanoTime();
        Process launcher;
        try {
            Files.createDirectories(log.getParent());
            launcher = launch.start();
        } catch (IOException e) {
            throw new UncheckedIOException("Cannot run payara/flashsale", e);
        }
        BenchServer server = new BenchServer(name, launcher, base, log, null);
        // A benchmark ended early (Ctrl-C, kill) leaves no server behind.
        Runtime.getRuntime().addShutdownHook(new Thread(server::close, "bench-server-stop"));
        try {
            server.awaitReady(base.resolve(readyPath));
        } catch (RuntimeException e) {
            server.close();
            throw e;
        }
        return new BenchServer(name, launcher, base, log, Duration.ofNanos(System.nanoTime() - started));
    }

    URI base() {
        return base;
    }

    /** From the launch to the first 200 of the readiness path. */
    Duration startup() {
        return startup;
    }

    /** The server JVM's resident memory (VmRSS of /proc/&lt;pid&gt;/status), in MiB; empty when it cannot be read. */
    OptionalLong residentMiB() {
        return jvm().map(pid -> {
            try {
                List<String> status = Files.readAllLines(Path.of("/proc", Long.toString(pid), "status"));
                return status.stream().filter(line -> line.startsWith("VmRSS:"))
                        .mapToLong(line -> Long.parseLong(line.replaceAll("[^0-9]", "")) / 1024).findFirst();
            } catch (IOException | RuntimeException unreadable) {
                return OptionalLong.empty();
            }
        }).orElse(OptionalLong.empty());
    }

    private java.util.Optional<Long> jvm() {
        return launcher.descendants().filter(child -> child.info().command().map(command -> command.endsWith("java")).orElse(false))
                .map(ProcessHandle::pid).findFirst();
    }

    private void awaitReady(URI ready) {
        HttpClient http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).connectTimeout(Duration.ofSeconds(5)).build();
        HttpRequest ask = HttpRequest.newBuilder(ready).timeout(Duration.ofSeconds(10)).build();
        long deadline = System.nanoTime() + STARTUP.toNanos();
        String last = "nothing yet";
        while (System.nanoTime() < deadline) {
            if (!launcher.isAlive()) {
                throw new IllegalStateException(name + " server ended (exit " + launcher.exitValue() + "); see " + log);
            }
            if (logSays(LISTENER_NOT_BOUND)) {
                throw new ListenerNotBound(name + " server did not bind its HTTP listener; see " + log);
            }
            try {
                HttpResponse<String> answer = http.send(ask, HttpResponse.BodyHandlers.ofString());
                if (answer.statusCode() == 200) {
                    return;
                }
                last = answer.statusCode() + " " + answer.body();
                Thread.sleep(100);
            } catch (IOException notListeningYet) {
                last = notListeningYet.toString();
                pause();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException("Interrupted while " + name + " server started", e);
            }
        }
        throw new IllegalStateException(name + " server not ready at " + ready + " within " + STARTUP + " (last: " + last + "); see " + log);
    }

    private boolean logSays(String text) {
        try {
            return Files.readString(log, StandardCharsets.ISO_8859_1).contains(text);
        } catch (IOException unreadable) {
            return false;
        }
    }

    private static void pause() {
        try {
            Thread.sleep(100);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** Stops the server and its launch script (SIGTERM; SIGKILL after a minute). */
    @Override
    public void close() {
        launcher.descendants().forEach(ProcessHandle::destroy);
        launcher.destroy();
        try {
            if (!launcher.waitFor(60, TimeUnit.SECONDS)) {
                launcher.descendants().forEach(ProcessHandle::destroyForcibly);
                launcher.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
