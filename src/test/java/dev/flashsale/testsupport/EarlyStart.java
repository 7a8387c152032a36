package dev.flashsale.testsupport;

import java.util.concurrent.CompletableFuture;
import java.util.function.Supplier;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * A node's start begun on a thread of its own ({@link EarlyStarts}), so that it overlaps the
 * tests that run before the first one that needs the node: {@link SecondNode}, {@link ClusterNode}.
 */
final class EarlyStart {

    private static final Logger LOG = Logger.getLogger(EarlyStart.class.getName());

    private final String node;
    private final CompletableFuture<PackagedNode> started;

    private EarlyStart(String node, CompletableFuture<PackagedNode> started) {
        this.node = node;
        this.started = started;
    }

    /** Begins {@code start} of the node named {@code node} (for the thread and the log). */
    static EarlyStart begin(String node, Supplier<PackagedNode> start) {
        return new EarlyStart(node, CompletableFuture.supplyAsync(start, run -> {
            Thread thread = new Thread(run, node + "-node-start");
            thread.setDaemon(true);
            thread.start();
        }));
    }

    /**
     * Waits for the start: the node, or null when it did not start (logged), which the caller
     * starts again if it needs it: a start begun beside a class that paused Redis or restarted
     * PostgreSQL may have given up.
     */
    PackagedNode join() {
        try {
            return started.join();
        } catch (RuntimeException failedToStart) {
            LOG.log(Level.WARNING, "The " + node + " node's start begun early did not end with the node up", failedToStart);
            return null;
        }
    }
}
