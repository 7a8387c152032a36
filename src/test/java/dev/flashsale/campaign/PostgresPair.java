package dev.flashsale.campaign;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * PostgreSQL for the campaign: a primary and, with failover on, a synchronous streaming standby
 * (two clusters of the machine's PostgreSQL 15 on ports of their own). The application finds the
 * primary through a multi-host JDBC URL ({@code targetServerType=primary}). A failover kills the
 * primary (kill -9), promotes the standby, and lets the new primary commit alone until a new
 * standby is made from it after the run ({@link #rebuildStandby()}), as an operator would.
 */
final class PostgresPair {

    static final String SYNCHRONOUS = "*";

    private OwnPostgres primary;
    private OwnPostgres standby;
    private final boolean failover;
    /** Names the cluster that is primary now ("a" or "b"): a campaign started again follows it. */
    private final Path primaryFile;

    PostgresPair(Path baseDir, int firstPort, boolean failover) {
        OwnPostgres a = new OwnPostgres(baseDir.resolve("a"), firstPort);
        OwnPostgres b = new OwnPostgres(baseDir.resolve("b"), firstPort + 1);
        this.primaryFile = baseDir.resolve("primary");
        boolean bLeads = failover && readPrimary().equals("b");
        this.primary = bLeads ? b : a;
        this.standby = failover ? (bLeads ? a : b) : null;
        this.failover = failover;
    }

    private String readPrimary() {
        try {
            return Files.isRegularFile(primaryFile) ? Files.readString(primaryFile).trim() : "a";
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private void writePrimary() {
        try {
            Files.createDirectories(primaryFile.getParent());
            Files.writeString(primaryFile, primary.name());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    boolean failover() {
        return failover;
    }

    /** The clusters' ports, the primary's first at the start. */
    List<Integer> ports() {
        return failover ? List.of(Math.min(primary.port(), standby.port()), Math.max(primary.port(), standby.port()))
                : List.of(primary.port());
    }

    /** A JDBC URL of {@code database} that finds the primary among {@code hostsAndPorts}. */
    static String url(List<String> hostsAndPorts, String database) {
        return "jdbc:postgresql://" + String.join(",", hostsAndPorts) + "/" + database
                + (hostsAndPorts.size() > 1 ? "?targetServerType=primary" : "");
    }

    void start() {
        primary.start();
        if (failover) {
            primary.sql("ALTER SYSTEM SET synchronous_standby_names = '" + SYNCHRONOUS + "'");
            primary.sql("SELECT pg_reload_conf()");
            writePrimary();
            if (!standby.isStandbyOf(primary)) {
                standby.followAnew(primary);
            }
            standby.start();
        }
    }

    synchronized OwnPostgres primary() {
        return primary;
    }

    /**
     * The primary killed as a crash would, the standby promoted; the new primary commits without a
     * synchronous standby until {@link #rebuildStandby()} gives it one again.
     */
    synchronized void failOver() {
        primary.kill();
        standby.promote();
        standby.sql("ALTER SYSTEM SET synchronous_standby_names = ''");
        standby.sql("SELECT pg_reload_conf()");
        OwnPostgres old = primary;
        primary = standby;
        standby = old;
        writePrimary();
    }

    /** After a failover: the old primary made again as a standby of the new one, synchronous again. */
    synchronized void rebuildStandby() {
        if (failover && !standby.running()) {
            standby.followAnew(primary);
            standby.start();
            primary.sql("ALTER SYSTEM SET synchronous_standby_names = '" + SYNCHRONOUS + "'");
            primary.sql("SELECT pg_reload_conf()");
        }
    }

    void stop() {
        primary.stop();
        if (failover) {
            standby.stop();
        }
    }
}
