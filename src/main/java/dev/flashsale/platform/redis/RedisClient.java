package dev.flashsale.platform.redis;

import jakarta.annotation.PostConstruct;
import jakarta.annotation.PreDestroy;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.util.Map;
import java.util.function.Function;
import java.util.logging.Logger;
import redis.clients.jedis.Connection;
import redis.clients.jedis.ConnectionPool;
import redis.clients.jedis.Jedis;
import redis.clients.jedis.JedisCluster;
import redis.clients.jedis.JedisPooled;
import redis.clients.jedis.Pipeline;
import redis.clients.jedis.UnifiedJedis;
import redis.clients.jedis.exceptions.JedisConnectionException;
import redis.clients.jedis.exceptions.JedisException;
import redis.clients.jedis.providers.ClusterConnectionProvider;
import redis.clients.jedis.util.JedisClusterCRC16;

/**
 * The application's one Redis client, to a single server or a Redis Cluster ({@link RedisSettings}),
 * behind Jedis' one command interface ({@link UnifiedJedis}), so that callers do not care which; on
 * a cluster every command goes to the master owning its keys' slot. A Redis that does not answer
 * within the short timeouts counts as gone, and sales go on on PostgreSQL alone.
 */
@ApplicationScoped
public class RedisClient {

    private static final Logger LOG = Logger.getLogger(RedisClient.class.getName());
    private static final long REOPEN_PAUSE_NANOS = 1_000_000_000L;

    @Inject
    RedisSettings settings;

    private final Object opening = new Object();
    private volatile long nextOpeningNanos = System.nanoTime();
    private volatile UnifiedJedis commands;
    private volatile ClusterConnectionProvider cluster;

    /** A client outside the server (a test, a program); {@code clusterNodes} empty = the single server. */
    public static RedisClient of(String host, int port, String clusterNodes, int timeoutMillis, int poolSize) {
        RedisClient client = new RedisClient();
        client.settings = RedisSettings.of(host, port, clusterNodes, timeoutMillis, poolSize);
        client.describe();
        return client;
    }

    @PostConstruct
    void describe() {
        LOG.info(settings::description);
    }

    /**
     * The commands, for a call's duration (nothing to give back). A cluster client learns the
     * slots from the nodes when it is made, so it is made on first use, and again on a later use
     * after no node answered: the application starts, and sells, with the cluster away. While
     * none answers, it is tried at most once a second; the calls in between fail at once, so
     * that they never queue behind one another's attempt.
     */
    public UnifiedJedis commands() {
        UnifiedJedis open = commands;
        if (open != null) {
            return open;
        }
        if (nextOpeningNanos - System.nanoTime() > 0) {
            throw new JedisConnectionException("No node of the Redis Cluster " + settings.nodes() + " answered lately");
        }
        synchronized (opening) {
            if (commands == null) {
                try {
                    commands = open();
                } catch (JedisException noNode) {
                    nextOpeningNanos = System.nanoTime() + REOPEN_PAUSE_NANOS;
                    throw noNode;
                }
            }
            return commands;
        }
    }

    private UnifiedJedis open() {
        if (!settings.isCluster()) {
            return new JedisPooled(settings.server(), settings.client(), settings.pool());
        }
        ClusterConnectionProvider provider = new ClusterConnectionProvider(settings.nodes(), settings.client(), settings.pool());
        cluster = provider;
        return new JedisCluster(provider, settings.clusterMaxAttempts(), settings.clusterMaxRetry());
    }

    /**
     * Runs {@code call} on each master (the one server, or every master of the cluster), on a
     * connection of its own; the answers by node.
     */
    public <T> Map<String, T> onEachMaster(Function<Jedis, T> call) {
        UnifiedJedis open = commands();
        if (cluster == null) {
            try (Connection connection = ((JedisPooled) open).getPool().getResource()) {
                return Map.of(settings.server().toString(), call.apply(new Jedis(connection)));
            }
        }
        Map<String, T> answers = new java.util.TreeMap<>();
        for (Map.Entry<String, ConnectionPool> master : cluster.getPrimaryNodes().entrySet()) {
            try (Connection connection = master.getValue().getResource()) {
                answers.put(master.getKey(), call.apply(new Jedis(connection)));
            }
        }
        return answers;
    }

    /**
     * Which server serves {@code key}: keys of the same server share a pipeline. One server has
     * one; on a cluster, the master owning the key's slot.
     */
    public Object serverOf(String key) {
        commands();
        return cluster == null ? settings.server().toString() : cluster.getNode(JedisClusterCRC16.getSlot(key));
    }

    /** A pipeline to the server that serves {@code key}; close it to give its connection back. */
    public Pipeline pipelineFor(String key) {
        UnifiedJedis open = commands();
        return cluster == null ? (Pipeline) open.pipelined()
                : new Pipeline(cluster.getConnectionFromSlot(JedisClusterCRC16.getSlot(key)), true);
    }

    /**
     * Closes the idle connections, dead too once one failed (Redis restarted, a failover): handed out
     * one by one, they would keep the gate closed for as many failures. On a cluster, every node's go
     * (the client asks the cluster for its slots again after a connection failure).
     */
    public void dropIdle() {
        UnifiedJedis open = commands;
        if (open == null) {
            return;
        }
        if (cluster == null) {
            ((JedisPooled) open).getPool().clear();
        } else {
            cluster.getNodes().values().forEach(ConnectionPool::clear);
        }
    }

    @PreDestroy
    public void close() {
        UnifiedJedis open = commands;
        if (open != null) {
            open.close();
        }
    }
}
