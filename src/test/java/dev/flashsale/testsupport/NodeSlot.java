package dev.flashsale.testsupport;

import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.function.Supplier;
import java.util.logging.Level;
import java.util.logging.Logger;
import org.awaitility.Awaitility;

/**
 * One of the suite's packaged nodes beside the tests' server ({@link SecondNode}, {@link ClusterNode}):
 * down, up, or being started early on a thread of its own ({@link EarlyStarts}), so that its start
 * overlaps the tests that run before the first one that needs it.
 */
final class NodeSlot {

    private static final Logger LOG = Logger.getLogger(NodeSlot.class.getName());

    private final String name;
    private PackagedNode node;
    /** The start begun early; null once joined or never begun. */
    private CompletableFuture<PackagedNode> starting;

    NodeSlot(String name) {
        this.name = name;
    }

    /**
     * The node, started by {@code start} if it is down, and ready: it outlives the faults of the
     * classes before (PostgreSQL stopped or restarted, Redis paused) and is handed out once it
     * answers ready again.
     */
    synchronized PackagedNode ready(Supplier<PackagedNode> start) {
        if (current() == null) {
            node = start.get();
        }
        Api api = new Api(node.base());
        Awaitility.await("the " + name + " node ready after earlier faults").atMost(Duration.ofSeconds(60))
                .pollInterval(Duration.ofMillis(200)).until(() -> api.get("health/ready").status() == 200);
        return node;
    }

    /** Begins {@code start} on a thread of its own, unless the node is up or already starting. */
    synchronized void startEarly(Supplier<PackagedNode> start) {
        if (node == null && starting == null) {
            starting = CompletableFuture.supplyAsync(start, run -> {
                Thread thread = new Thread(run, name + "-node-start");
                thread.setDaemon(true);
                thread.start();
            });
        }
    }

    /**
     * The node once a start begun early has ended (null when down): a start that failed is logged
     * and leaves it down, for the next {@link #ready} to start again (begun beside a class that
     * paused Redis or restarted PostgreSQL, it may have given up).
     */
    synchronized PackagedNode current() {
        if (starting != null) {
            try {
                node = starting.join();
            } catch (RuntimeException failedToStart) {
                LOG.log(Level.WARNING, "The " + name + " node's start begun early did not end with the node up", failedToStart);
            }
            starting = null;
        }
        return node;
    }

    /** Kills the node as a crash would. */
    synchronized void kill() {
        if (node != null) {
            node.kill();
            node = null;
        }
    }

    /** Stops the node, once a start begun early has ended. */
    synchronized void stop() {
        if (current() != null) {
            node.close();
            node = null;
        }
    }
}
