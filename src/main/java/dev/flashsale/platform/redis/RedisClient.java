package dev.flashsale.platform.redis;

import jakarta.annotation.PostConstruct;
import jakarta.annotation.PreDestroy;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.time.Duration;
import java.util.Arrays;
import java.util.LinkedHashSet;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;
import java.util.logging.Logger;
import org.eclipse.microprofile.config.inject.ConfigProperty;
import redis.clients.jedis.Connection;
import redis.clients.jedis.ConnectionPool;
import redis.clients.jedis.ConnectionPoolConfig;
import redis.clients.jedis.DefaultJedisClientConfig;
import redis.clients.jedis.HostAndPort;
import redis.clients.jedis.Jedis;
import redis.clients.jedis.JedisClientConfig;
import redis.clients.jedis.JedisCluster;
import redis.clients.jedis.JedisPooled;
import redis.clients.jedis.Pipeline;
import redis.clients.jedis.UnifiedJedis;
import redis.clients.jedis.exceptions.JedisConnectionException;
import redis.clients.jedis.exceptions.JedisException;
import redis.clients.jedis.providers.ClusterConnectionProvider;
import redis.clients.jedis.util.JedisClusterCRC16;

/**
 * The application's one Redis client: a single server ({@code flashsale.redis.host}/{@code port})
 * or a Redis Cluster ({@code flashsale.redis.cluster-nodes}), behind Jedis' one command interface
 * ({@link UnifiedJedis}), so that callers do not care which. On a cluster every command is sent to
 * the master owning its keys' slot. Timeouts are short on purpose: a Redis that does not answer
 * quickly is treated as gone, and sales go on on PostgreSQL alone; on a cluster the retries after
 * a failed or moved node are bounded too ({@code flashsale.redis.cluster-max-attempts} and
 * {@code flashsale.redis.cluster-max-retry-ms}), so that a dead master never holds a request.
 */
@ApplicationScoped
public class RedisClient {

    private static final Logger LOG = Logger.getLogger(RedisClient.class.getName());
    private static final long REOPEN_PAUSE_NANOS = 1_000_000_000L;

    @Inject
    @ConfigProperty(name = "flashsale.redis.host")
    String host;

    @Inject
    @ConfigProperty(name = "flashsale.redis.port")
    int port;

    /** host:port of some cluster nodes, comma-separated; empty = the single server above. */
    @Inject
    @ConfigProperty(name = "flashsale.redis.cluster-nodes")
    Optional<String> clusterNodes;

    /** The ACL user to log in as; empty = the default user. */
    @Inject
    @ConfigProperty(name = "flashsale.redis.user")
    Optional<String> user;

    @Inject
    @ConfigProperty(name = "flashsale.redis.password")
    Optional<String> password;

    @Inject
    @ConfigProperty(name = "flashsale.redis.timeout-ms")
    int timeoutMillis;

    @Inject
    @ConfigProperty(name = "flashsale.redis.pool-size")
    int poolSize;

    @Inject
    @ConfigProperty(name = "flashsale.redis.cluster-max-attempts")
    int clusterMaxAttempts;

    @Inject
    @ConfigProperty(name = "flashsale.redis.cluster-max-retry-ms")
    int clusterMaxRetryMillis;

    private final Object opening = new Object();
    private volatile long nextOpeningNanos = System.nanoTime();
    private volatile UnifiedJedis commands;
    private volatile ClusterConnectionProvider cluster;

    /** A client outside the server (a test, a program); {@code clusterNodes} empty = the single server. */
    public static RedisClient of(String host, int port, String clusterNodes, int timeoutMillis, int poolSize) {
        RedisClient client = new RedisClient();
        client.host = host;
        client.port = port;
        client.clusterNodes = Optional.of(clusterNodes);
        client.user = Optional.empty();
        client.password = Optional.empty();
        client.timeoutMillis = timeoutMillis;
        client.poolSize = poolSize;
        client.clusterMaxAttempts = 3;
        client.clusterMaxRetryMillis = 2 * timeoutMillis;
        client.describe();
        return client;
    }

    @PostConstruct
    void describe() {
        LOG.info(() -> (isCluster() ? "Redis Cluster " + nodes() + ", " + poolSize + " connections per node, at most "
                + clusterMaxAttempts + " attempts in " + clusterMaxRetryMillis + " ms per command"
                : "Redis " + host + ":" + port + ", " + poolSize + " connections") + ", timeout " + timeoutMillis + " ms"
                + user.filter(name -> !name.isBlank()).map(name -> ", as user " + name).orElse(""));
    }

    public boolean isCluster() {
        return !nodes().isEmpty();
    }

    /** The nodes of {@code host:port,host:port}; blanks and empty entries are ignored. */
    public static Set<HostAndPort> parseNodes(String list) {
        Set<HostAndPort> nodes = new LinkedHashSet<>();
        Arrays.stream(list.split(",")).map(String::strip).filter(node -> !node.isEmpty()).forEach(node -> {
            int colon = node.lastIndexOf(':');
            if (colon <= 0 || colon == node.length() - 1) {
                throw new IllegalArgumentException("flashsale.redis.cluster-nodes: not host:port: " + node);
            }
            nodes.add(new HostAndPort(node.substring(0, colon), Integer.parseInt(node.substring(colon + 1))));
        });
        return nodes;
    }

    private Set<HostAndPort> nodes() {
        return parseNodes(clusterNodes.orElse(""));
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
            throw new JedisConnectionException("No node of the Redis Cluster " + nodes() + " answered lately");
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
        ConnectionPoolConfig pool = new ConnectionPoolConfig();
        pool.setMaxTotal(poolSize);
        pool.setMaxIdle(poolSize);
        pool.setMinIdle(0);
        pool.setJmxEnabled(false);
        pool.setMaxWait(Duration.ofMillis(timeoutMillis));
        DefaultJedisClientConfig.Builder client = DefaultJedisClientConfig.builder()
                .connectionTimeoutMillis(timeoutMillis)
                .socketTimeoutMillis(timeoutMillis)
                .clientName("flashsale");
        user.filter(name -> !name.isBlank()).ifPresent(client::user);
        password.filter(secret -> !secret.isBlank()).ifPresent(client::password);
        JedisClientConfig config = client.build();
        if (!isCluster()) {
            return new JedisPooled(new HostAndPort(host, port), config, pool);
        }
        ClusterConnectionProvider provider = new ClusterConnectionProvider(nodes(), config, pool);
        cluster = provider;
        return new JedisCluster(provider, clusterMaxAttempts, Duration.ofMillis(clusterMaxRetryMillis));
    }

    /**
     * Runs {@code call} on each master (the one server, or every master of the cluster), on a
     * connection of its own; the answers by node.
     */
    public <T> Map<String, T> onEachMaster(Function<Jedis, T> call) {
        UnifiedJedis open = commands();
        if (cluster == null) {
            try (Connection connection = ((JedisPooled) open).getPool().getResource()) {
                return Map.of(host + ":" + port, call.apply(new Jedis(connection)));
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
        return cluster == null ? host + ":" + port : cluster.getNode(JedisClusterCRC16.getSlot(key));
    }

    /** A pipeline to the server that serves {@code key}; close it to give its connection back. */
    public Pipeline pipelineFor(String key) {
        UnifiedJedis open = commands();
        return cluster == null ? (Pipeline) open.pipelined()
                : new Pipeline(cluster.getConnectionFromSlot(JedisClusterCRC16.getSlot(key)), true);
    }

    /**
     * Closes the idle connections: after one connection failed (Redis restarted, a failover),
     * the others opened to the same server are dead too, and handing them out one by one would
     * keep the gate closed for as many failures as there are idle connections. On a cluster, the
     * idle connections of every node go (the client itself asks the cluster for its slots again
     * after a connection failure, in case a master moved).
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
