package dev.flashsale.testsupport;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * Restarts (or stops, then starts) the machine's PostgreSQL cluster, the one the tests and the application use (Debian's
 * pg_ctlcluster, as the test command installs it), and waits until it answers again. It fails,
 * never skips, when the cluster cannot be restarted from here.
 */
public final class TestPostgres {

    private TestPostgres() {
    }

    public static void restart() throws IOException, InterruptedException {
        cluster("restart");
        awaitAnswer();
    }

    /** Stops the cluster (fast shutdown: sessions are ended); {@link #start()} brings it back. */
    public static void stop() throws IOException, InterruptedException {
        cluster("stop");
    }

    public static void start() throws IOException, InterruptedException {
        cluster("start");
        awaitAnswer();
    }

    private static void cluster(String action) throws IOException, InterruptedException {
        String version;
        try (Stream<Path> versions = Files.list(Path.of("/etc/postgresql"))) {
            version = versions.map(path -> path.getFileName().toString()).sorted().reduce((a, b) -> b)
                    .orElseThrow(() -> new IllegalStateException("No PostgreSQL cluster under /etc/postgresql"));
        }
        Process process = new ProcessBuilder(List.of("pg_ctlcluster", "--skip-systemctl-redirect", version, "main", action))
                .redirectErrorStream(true).start();
        if (!process.waitFor(60, TimeUnit.SECONDS) || process.exitValue() != 0) {
            throw new IllegalStateException("pg_ctlcluster " + version + " main " + action + " failed: "
                    + new String(process.getInputStream().readAllBytes()));
        }
    }

    private static void awaitAnswer() throws InterruptedException {
        Instant deadline = Instant.now().plus(Duration.ofSeconds(30));
        while (true) {
            try {
                Db.scalar("SELECT 1");
                return;
            } catch (RuntimeException notYet) {
                if (Instant.now().isAfter(deadline)) {
                    throw new IllegalStateException("PostgreSQL did not answer within 30 s of its start", notYet);
                }
                Thread.sleep(100);
            }
        }
    }
}
