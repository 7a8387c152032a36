package dev.flashsale.bench;

import java.io.BufferedReader;
import java.io.File;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * The load generator of every HTTP phase: wrk (Debian's package), written in C, so that the
 * client costs the two cores it shares with the server as little as possible. Each run uses
 * a script of bench/ (run with bench/ as the working directory, so that they find answers.lua)
 * and returns its {@link WrkSummary}; a fixed-count run is ended with SIGINT as soon as every
 * thread said it is done, since wrk itself would wait for the whole -d.
 */
final class Wrk {

    static final Path SCRIPTS = Path.of("bench");
    private static final String THREAD_DONE = "wrk-thread-done";
    /** How long one request may take before wrk gives up on it and reconnects: never, in practice. */
    private static final String TIMEOUT = "30s";

    private final int threads;

    Wrk(int threads) {
        this.threads = threads;
    }

    /** Fails with what to do when wrk is not on the PATH. */
    static void requireInstalled() {
        String path = System.getenv().getOrDefault("PATH", "");
        for (String directory : path.split(File.pathSeparator)) {
            if (Files.isExecutable(Path.of(directory, "wrk"))) {
                return;
            }
        }
        throw new IllegalStateException("wrk is not installed (not on the PATH: " + path + "). The benchmark drives its "
                + "HTTP load with it: sudo apt-get install -y wrk");
    }

    /** Runs {@code script} for {@code seconds} at {@code connections} connections. */
    WrkSummary forSeconds(String script, URI url, int connections, int seconds, String... args) {
        return WrkSummary.parse(run(command(script, url, connections, seconds, args), false, Duration.ofSeconds(seconds)));
    }

    /** Runs {@code script}, which gives each thread its share of requests, until every thread is done or the time limit. */
    WrkSummary fixedCount(String script, URI url, int connections, Duration timeLimit, String... args) {
        return WrkSummary.parse(run(command(script, url, connections, (int) timeLimit.toSeconds(), args), true, timeLimit));
    }

    /** Plain wrk, no script, as anyone would run it by hand: its own Requests/sec. */
    double plain(URI url, int connections, int seconds) {
        List<String> command = List.of("wrk", "-t" + threads, "-c" + connections, "-d" + seconds + "s", url.toString());
        return WrkSummary.plainRequestsPerSecond(run(command, false, Duration.ofSeconds(seconds)));
    }

    int threads() {
        return threads;
    }

    private List<String> command(String script, URI url, int connections, int seconds, String... args) {
        if (connections < threads || connections % threads != 0) {
            throw new IllegalArgumentException("wrk: " + connections + " connections do not split evenly over " + threads + " threads");
        }
        if (!Files.isRegularFile(SCRIPTS.resolve(script))) {
            throw new IllegalArgumentException("No wrk script " + SCRIPTS.resolve(script).toAbsolutePath());
        }
        List<String> command = new ArrayList<>(List.of("wrk", "-t" + threads, "-c" + connections, "-d" + seconds + "s",
                "--timeout", TIMEOUT, "--latency", "-s", script, url.toString(), "--"));
        command.addAll(List.of(args));
        return command;
    }

    private String run(List<String> command, boolean fixedCount, Duration length) {
        Process process;
        try {
            process = new ProcessBuilder(command).directory(SCRIPTS.toFile()).redirectErrorStream(true).start();
        } catch (IOException e) {
            throw new UncheckedIOException("Cannot start wrk (sudo apt-get install -y wrk)", e);
        }
        StringBuilder output = new StringBuilder();
        Thread reader = new Thread(() -> read(process, output, fixedCount), "bench-wrk-output");
        reader.start();
        try {
            if (!process.waitFor(length.toSeconds() + 60, TimeUnit.SECONDS)) {
                process.destroyForcibly().waitFor(5, TimeUnit.SECONDS);
                throw new IllegalStateException("wrk did not end a minute after its -d: " + String.join(" ", command));
            }
            reader.join(5_000);
        } catch (InterruptedException e) {
            process.destroyForcibly();
            Thread.currentThread().interrupt();
            throw new IllegalStateException("Interrupted while wrk ran", e);
        }
        synchronized (output) {
            if (process.exitValue() != 0) {
                throw new IllegalStateException(String.join(" ", command) + " failed (exit " + process.exitValue() + "):\n" + output);
            }
            return output.toString();
        }
    }

    /** Keeps what wrk prints; once every thread of a fixed-count run is done, tells wrk to end (SIGINT: done() still runs). */
    private void read(Process process, StringBuilder output, boolean fixedCount) {
        int done = 0;
        try (BufferedReader lines = new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8))) {
            for (String line = lines.readLine(); line != null; line = lines.readLine()) {
                synchronized (output) {
                    output.append(line).append('\n');
                }
                if (fixedCount && line.startsWith(THREAD_DONE) && ++done == threads) {
                    interrupt(process);
                }
            }
        } catch (IOException ended) {
            // The pipe closes when wrk ends.
        }
    }

    private static void interrupt(Process process) throws IOException {
        try {
            new ProcessBuilder("kill", "-INT", Long.toString(process.pid())).inheritIO().start().waitFor(10, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
