package dev.flashsale.campaign;

import dev.flashsale.testsupport.Api;
import dev.flashsale.testsupport.TestRedis;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.logging.Logger;
import org.awaitility.Awaitility;
import redis.clients.jedis.Jedis;
import redis.clients.jedis.Protocol;

/**
 * What a campaign runs on: two application nodes, PostgreSQL and Redis, and the faults it can
 * bring on them. A fault that overlaps another of its own kind and target is brought on by the
 * first and undone by the last (two Redis kills at once are one outage).
 */
abstract class Stage implements AutoCloseable {

    private static final Logger LOG = Logger.getLogger(Stage.class.getName());
    /** How slow a slowed node's every chunk to PostgreSQL and Redis is. */
    static final long SLOW_MILLIS = 150;
    /** How long a stage waits for a node to answer ready after a run's faults: a start takes 20-60 s here. */
    static final Duration READY_PATIENCE = Duration.ofSeconds(300);

    private final Map<String, Integer> active = new HashMap<>();

    abstract List<Node> nodes();

    /** The kinds of fault this stage can bring on. */
    abstract Set<Fault.Kind> faults();

    /** Whether a fault of one node may fall on either node (both proxied), or on node 1 only. */
    final boolean bothNodesProxied() {
        return nodes().stream().allMatch(Node::proxied);
    }

    /** The node that serves the test-only naive checkout, or null. */
    abstract Api foilNode();

    abstract void restartPostgres();

    /** The primary killed, the standby promoted. */
    abstract void failOverPostgres();

    abstract void stopPostgres();

    abstract void continuePostgres();

    /** Kills node {@code index} as a crash would; {@link #settle()} starts it again. */
    abstract void killNode(int index);

    /** Starts every killed node again, and gives PostgreSQL a standby again after a failover. */
    abstract void recover();

    final void begin(Fault fault) {
        if (enter(key(fault))) {
            LOG.fine(() -> "fault begins: " + fault);
            switch (fault.kind()) {
                case REDIS_KILL -> TestRedis.stop();
                case REDIS_PAUSE -> pauseRedis(fault.forMillis());
                case POSTGRES_RESTART -> restartPostgres();
                case POSTGRES_PAUSE -> stopPostgres();
                case POSTGRES_FAILOVER -> failOverPostgres();
                case NODE_CUT_REDIS -> nodes().get(fault.node()).redis().accept(false);
                case NODE_CUT_POSTGRES -> nodes().get(fault.node()).postgres().forEach(proxy -> proxy.accept(false));
                case NODE_SLOW -> nodes().get(fault.node()).proxies().forEach(proxy -> proxy.latency(SLOW_MILLIS));
                case NODE_KILL -> killNode(fault.node());
            }
        }
    }

    final void end(Fault fault) {
        if (leave(key(fault))) {
            LOG.fine(() -> "fault ends: " + fault);
            switch (fault.kind()) {
                case REDIS_KILL -> TestRedis.start();
                case REDIS_PAUSE -> unpauseRedis();
                case POSTGRES_PAUSE -> continuePostgres();
                case NODE_CUT_REDIS -> nodes().get(fault.node()).redis().accept(true);
                case NODE_CUT_POSTGRES -> nodes().get(fault.node()).postgres().forEach(proxy -> proxy.accept(true));
                case NODE_SLOW -> nodes().get(fault.node()).proxies().forEach(proxy -> proxy.latency(0));
                case POSTGRES_RESTART, POSTGRES_FAILOVER, NODE_KILL -> {
                    // Over when it happened; a killed node is started again after the run.
                }
            }
        }
    }

    /**
     * After a run: every fault undone, killed nodes started again, and both nodes ready with their
     * gate in use.
     */
    final void settle() {
        synchronized (this) {
            active.clear();
        }
        nodes().forEach(Node::heal);
        continuePostgres();
        if (!TestRedis.answers()) {
            TestRedis.start();
        }
        unpauseRedis();
        recover();
        for (Node node : nodes()) {
            Api api = node.api();
            Awaitility.await("a node ready after the run's faults").atMost(READY_PATIENCE).pollInterval(Duration.ofMillis(200))
                    .ignoreExceptions().until(() -> api.get("health/ready").status() == 200);
            TestRedis.awaitGateInUse(api);
        }
    }

    private static String key(Fault fault) {
        return fault.kind().ofOneNode() ? fault.kind() + "@" + fault.node() : fault.kind().name();
    }

    private synchronized boolean enter(String key) {
        return active.merge(key, 1, Integer::sum) == 1;
    }

    private synchronized boolean leave(String key) {
        if (!active.containsKey(key)) {
            return false; // undone already, when the run settled
        }
        Integer left = active.computeIfPresent(key, (k, count) -> count == 1 ? null : count - 1);
        return left == null;
    }

    private static void pauseRedis(long millis) {
        try (Jedis redis = TestRedis.client()) {
            redis.clientPause(millis);
        } catch (RuntimeException away) {
            LOG.fine(() -> "Redis not paused, it is away: " + away);
        }
    }

    private static void unpauseRedis() {
        try (Jedis redis = TestRedis.client()) {
            redis.sendCommand(Protocol.Command.CLIENT, "UNPAUSE");
        } catch (RuntimeException away) {
            LOG.fine(() -> "Redis not unpaused, it is away: " + away);
        }
    }
}
