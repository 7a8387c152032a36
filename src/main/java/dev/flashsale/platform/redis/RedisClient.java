package dev.flashsale.platform.redis;

import jakarta.annotation.PostConstruct;
import jakarta.annotation.PreDestroy;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Function;
import java.util.logging.Logger;
import redis.clients.jedis.Connection;
import redis.clients.jedis.ConnectionPool;
import redis.clients.jedis.Jedis;
import redis.clients.jedis.JedisPooled;
import redis.clients.jedis.Pipeline;
import redis.clients.jedis.UnifiedJedis;
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

    @Inject
    RedisSettings settings;

    private RedisOpening opening;

    /** A client outside the server (a test, a program); {@code clusterNodes} empty = the single server. */
    public static RedisClient of(String host, int port, String clusterNodes, int timeoutMillis, int poolSize) {
        RedisClient client = new RedisClient();
        client.settings = RedisSettings.of(host, port, clusterNodes, timeoutMillis, poolSize);
        client.describe();
        return client;
    }

    @PostConstruct
    void describe() {
        opening = new RedisOpening(settings);
        LOG.info(settings::description);
    }

    /** The commands, for a call's duration (nothing to give back); made on first use ({@link RedisOpening}). */
    public UnifiedJedis commands() {
        return opening.commands();
    }

    /**
     * Runs {@code call} on each master (the one server, or every master of the cluster), on a
     * connection of its own; the answers by node.
     */
    public <T> Map<String, T> onEachMaster(Function<Jedis, T> call) {
        UnifiedJedis open = commands();
        ClusterConnectionProvider cluster = opening.cluster();
        if (cluster == null) {
            try (Connection connection = ((JedisPooled) open).getPool().getResource()) {
                return Map.of(settings.server().toString(), call.apply(new Jedis(connection)));
            }
        }
        Map<String, T> answers = new TreeMap<>();
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
        ClusterConnectionProvider cluster = opening.cluster();
        return cluster == null ? settings.server().toString() : cluster.getNode(JedisClusterCRC16.getSlot(key));
    }

    /** A pipeline to the server that serves {@code key}; close it to give its connection back. */
    public Pipeline pipelineFor(String key) {
        UnifiedJedis open = commands();
        ClusterConnectionProvider cluster = opening.cluster();
        return cluster == null ? (Pipeline) open.pipelined()
                : new Pipeline(cluster.getConnectionFromSlot(JedisClusterCRC16.getSlot(key)), true);
    }

    /**
     * Closes the idle connections, dead too once one failed (Redis restarted, a failover): handed out
     * one by one, they would keep the gate closed for as many failures. On a cluster, every node's go
     * (the client asks the cluster for its slots again after a connection failure).
     */
    public void dropIdle() {
        UnifiedJedis open = opening.madeOrNull();
        if (open == null) {
            return;
        }
        ClusterConnectionProvider cluster = opening.cluster();
        if (cluster == null) {
            ((JedisPooled) open).getPool().clear();
        } else {
            cluster.getNodes().values().forEach(ConnectionPool::clear);
        }
    }

    @PreDestroy
    public void close() {
        UnifiedJedis open = opening.madeOrNull();
        if (open != null) {
            open.close();
        }
    }
}
