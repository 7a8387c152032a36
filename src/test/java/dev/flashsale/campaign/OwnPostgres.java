package dev.flashsale.campaign;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * A PostgreSQL cluster of the campaign's own (the machine's PostgreSQL 15 binaries, a data
 * directory under /tmp, its own port), so that restarting it or stopping its processes (SIGSTOP)
 * disturbs nothing else on the machine. Made on first use, owned by the {@code postgres} user when
 * run as root (PostgreSQL refuses to run as root).
 */
final class OwnPostgres {

    static final Path BINARIES = Path.of("/usr/lib/postgresql/15/bin");
    /** What kill says of a process that ended before the signal reached it. */
    private static final Pattern GONE = Pattern.compile("(.*kill: )?\\(?\\d+\\)?:? No such process");

    private static final Duration COMMAND_LIMIT = Duration.ofSeconds(90);

    private final Path dataDir;
    private final int port;

    OwnPostgres(Path dataDir, int port) {
        this.dataDir = dataDir;
        this.port = port;
    }

    int port() {
        return port;
    }

    /** The server's log, beside its data directory (a base backup copies nothing of it). */
    private Path log() {
        return dataDir.resolveSibling(name() + ".log");
    }

    /** The name of its data directory. */
    String name() {
        return dataDir.getFileName().toString();
    }

    /** Makes the cluster when it is not there yet and starts it. */
    void start() {
        if (!Files.isRegularFile(dataDir.resolve("PG_VERSION"))) {
            makeEmptyDataDir();
            run(asOwner(BINARIES.resolve("initdb") + " -D " + dataDir + " -A trust -U postgres --no-sync"));
        }
        if (!running()) {
            run(List.of("rm", "-f", dataDir.resolve("postmaster.pid").toString()));
            run(asOwner(BINARIES.resolve("pg_ctl") + " -D " + dataDir + " -l " + log() + " -w -t 60"
                    + " -o '-p " + port + " -k /tmp -c listen_addresses=127.0.0.1 -c max_connections=200 -c fsync=off"
                    + " -c synchronous_commit=on' start"));
        }
    }

    /** An empty data directory, as PostgreSQL wants it: its owner's alone (0700). */
    private void makeEmptyDataDir() {
        run(List.of("rm", "-rf", dataDir.toString()));
        run(List.of("mkdir", "-p", "-m", "700", dataDir.toString()));
        if (Command.root()) {
            run(List.of("chown", "postgres:postgres", dataDir.toString(), dataDir.getParent().toString()));
        }
    }

    /** Whether the cluster's postmaster lives. */
    boolean running() {
        return !processes().isEmpty();
    }

    /** Kills every process of the cluster (SIGKILL): a crash of its machine, as its clients see it. */
    void kill() {
        signal("KILL");
    }

    /**
     * A standby that follows {@code primary}, streaming: this cluster's files replaced by a base
     * backup of it. {@code -c fast}: without it the backup waits for the primary's next checkpoint,
     * minutes away.
     */
    void followAnew(OwnPostgres primary) {
        if (running()) {
            kill(); // a cluster left running by a campaign stopped midway: its files are replaced
        }
        makeEmptyDataDir();
        run(asOwner(BINARIES.resolve("pg_basebackup") + " -h 127.0.0.1 -p " + primary.port + " -U postgres -D " + dataDir
                + " -R -X stream -c fast --no-sync"));
    }

    /** Whether this cluster's files are a standby's that follows {@code primary}. */
    boolean isStandbyOf(OwnPostgres primary) {
        try {
            return Files.exists(dataDir.resolve("standby.signal"))
                    && Files.readString(dataDir.resolve("postgresql.auto.conf")).contains("port=" + primary.port);
        } catch (IOException unreadable) {
            return false;
        }
    }

    void promote() {
        run(asOwner(BINARIES.resolve("pg_ctl") + " -D " + dataDir + " -w -t 60 promote"));
    }

    /** Runs one statement as postgres on this cluster (psql). */
    void sql(String statement) {
        run(List.of("psql", "-h", "127.0.0.1", "-p", Integer.toString(port), "-U", "postgres", "-d", "postgres", "-v",
                "ON_ERROR_STOP=1", "-qAtc", statement));
    }

    void restart() {
        run(asOwner(BINARIES.resolve("pg_ctl") + " -D " + dataDir + " -l " + log()
                + " -m fast -w -t 60 restart"));
    }

    void stop() {
        if (!running()) {
            return;
        }
        signal("CONT");
        run(asOwner(BINARIES.resolve("pg_ctl") + " -D " + dataDir + " -m fast -w -t 60 stop"));
    }

    /** Every process of the cluster stopped (SIGSTOP): connections stay open, nothing answers. */
    void freeze() {
        signal("STOP");
    }

    void thaw() {
        signal("CONT");
    }

    /**
     * Signals every process of the cluster. kill signals each process it is given; one that ended
     * between the listing and the signal (a backend whose client left) needs none, so its "No such
     * process" is no failure.
     */
    private void signal(String name) {
        List<String> pids = processes();
        if (!pids.isEmpty()) {
            List<String> command = new ArrayList<>(List.of("kill", "-" + name));
            command.addAll(pids);
            try {
                run(command);
            } catch (IllegalStateException failed) {
                String said = failed.getMessage().substring(failed.getMessage().indexOf(" failed: ") + " failed: ".length());
                List<String> lines = said.lines().map(String::strip).filter(line -> !line.isEmpty()).toList();
                if (lines.isEmpty() || !lines.stream().allMatch(line -> GONE.matcher(line).matches())) {
                    throw failed;
                }
            }
        }
    }

    private List<String> processes() {
        Path pidFile = dataDir.resolve("postmaster.pid");
        try {
            if (!Files.exists(pidFile)) {
                return List.of();
            }
            long postmaster = Long.parseLong(Files.readAllLines(pidFile).get(0).trim());
            List<String> pids = new ArrayList<>();
            ProcessHandle.of(postmaster).ifPresent(handle -> {
                pids.add(Long.toString(handle.pid()));
                try (Stream<ProcessHandle> children = handle.descendants()) {
                    children.forEach(child -> pids.add(Long.toString(child.pid())));
                }
            });
            return pids;
        } catch (IOException | RuntimeException unreadable) {
            return List.of();
        }
    }

    private static List<String> asOwner(String command) {
        return Command.root() ? List.of("runuser", "-u", "postgres", "--", "sh", "-c", command) : List.of("sh", "-c", command);
    }

    /** Runs a command to its end, in 90 s at most. */
    static void run(List<String> command) {
        Command.run(command, COMMAND_LIMIT);
    }
}
