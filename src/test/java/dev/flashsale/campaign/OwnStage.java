package dev.flashsale.campaign;

import dev.flashsale.testsupport.Api;
import dev.flashsale.testsupport.FaultProxy;
import dev.flashsale.testsupport.PackagedNode;
import dev.flashsale.testsupport.SecondNode;
import dev.flashsale.testsupport.TestRedis;
import dev.flashsale.testsupport.TestServer;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.logging.Logger;

/**
 * The campaign's own stage: PostgreSQL (a primary and, with failover on, its synchronous standby)
 * and a Redis of its own, and two nodes, each reaching every one of them through proxies of its
 * own (the JDBC URL names both PostgreSQL clusters and finds the primary). Node 0 is the WAR with the test support (it also
 * serves the naive checkout), node 1 the packaged server an operator runs; node 1 is the one a
 * run may kill, and its clock may be set off by {@code skewSeconds} (libfaketime): ahead at its
 * first start, behind at the next, true at the third, and so on.
 */
final class OwnStage extends Stage {

    private static final Logger LOG = Logger.getLogger(OwnStage.class.getName());

    private final PostgresPair postgres;
    private final String database;
    private final int skewSeconds;
    private final TestServer first;
    private final Node one;
    private final Node two;
    private PackagedNode packaged;
    private int starts;

    OwnStage(PostgresPair postgres, String database, int skewSeconds) {
        this.postgres = postgres;
        this.database = database;
        this.skewSeconds = skewSeconds;
        if (skewSeconds != 0) {
            Faketime.ensureInstalled();
        }
        List<FaultProxy> postgresOfOne = proxiesTo(postgres.ports());
        FaultProxy redisOfOne = FaultProxy.to("127.0.0.1", TestRedis.port());
        first = TestServer.another("campaign-one", stores(postgresOfOne, redisOfOne));
        one = new Node(new Api(first.base()), postgresOfOne, redisOfOne);
        two = new Node(null, proxiesTo(postgres.ports()), FaultProxy.to("127.0.0.1", TestRedis.port()));
        try {
            startTwo();
        } catch (RuntimeException failed) {
            close();
            throw failed;
        }
        // A campaign stopped by a signal stops its packaged node too (the tests' server has its own hook).
        Runtime.getRuntime().addShutdownHook(new Thread(this::stopTwo, "campaign-node-stop"));
    }

    private static List<FaultProxy> proxiesTo(List<Integer> ports) {
        return ports.stream().map(port -> FaultProxy.to("127.0.0.1", port)).toList();
    }

    private Map<String, String> stores(List<FaultProxy> postgresProxies, FaultProxy redis) {
        Map<String, String> stores = new LinkedHashMap<>();
        stores.put("flashsale.db.url", PostgresPair.url(postgresProxies.stream().map(proxy -> "127.0.0.1:" + proxy.port()).toList(),
                database));
        stores.put("flashsale.redis.host", "127.0.0.1");
        stores.put("flashsale.redis.port", Integer.toString(redis.port()));
        return stores;
    }

    private void startTwo() {
        Map<String, String> settings = SecondNode.settings(stores(two.postgres(), two.redis()));
        int skew = new int[] {skewSeconds, -skewSeconds, 0}[starts % 3];
        starts++;
        if (skew != 0) {
            // The node's processes alone, its JVM's every clock off by the same offset: durations stay
            // true. Not FAKETIME_DONT_FAKE_MONOTONIC=1: with it, libfaketime 0.9.10 ends the JVM's timed
            // waits at once (Object.wait(2) returned after 0 ms), and Payara spun for minutes at start.
            settings.put("LD_PRELOAD", Faketime.ensureInstalled().toString());
            settings.put("FAKETIME", (skew > 0 ? "+" : "") + skew + "s");
        }
        packaged = PackagedNode.start("campaign-two", settings);
        two.started(new Api(packaged.base()), skew);
        LOG.info("node two started, its clock off by " + skew + " s");
    }

    @Override
    List<Node> nodes() {
        return List.of(one, two);
    }

    @Override
    Api foilNode() {
        return one.api();
    }

    @Override
    Set<Fault.Kind> faults() {
        Set<Fault.Kind> kinds = EnumSet.allOf(Fault.Kind.class);
        if (!postgres.failover()) {
            kinds.remove(Fault.Kind.POSTGRES_FAILOVER);
        }
        return kinds;
    }

    @Override
    void restartPostgres() {
        // A server stopped (SIGSTOP) by an overlapping pause could not shut down: the restart ends the pause first.
        OwnPostgres primary = postgres.primary();
        primary.thaw();
        primary.restart();
    }

    @Override
    void failOverPostgres() {
        postgres.failOver();
    }

    @Override
    void stopPostgres() {
        postgres.primary().freeze();
    }

    @Override
    void continuePostgres() {
        postgres.primary().thaw();
    }

    @Override
    void killNode(int index) {
        if (index != 1) {
            throw new IllegalArgumentException("Only node 1 is killed in a run");
        }
        synchronized (this) {
            if (packaged != null) {
                packaged.kill();
                packaged = null;
            }
        }
    }

    @Override
    synchronized void recover() {
        // A restart that failed midway (stopped, not started again) leaves the primary down.
        postgres.primary().start();
        postgres.rebuildStandby();
        if (packaged == null) {
            startTwo();
        }
    }

    private synchronized void stopTwo() {
        if (packaged != null) {
            packaged.close();
            packaged = null;
        }
    }

    @Override
    public void close() {
        stopTwo();
        first.close();
        nodes().forEach(node -> node.proxies().forEach(FaultProxy::close));
    }
}
