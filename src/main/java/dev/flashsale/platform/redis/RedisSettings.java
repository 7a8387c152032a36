package dev.flashsale.platform.redis;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.time.Duration;
import java.util.Arrays;
import java.util.LinkedHashSet;
import java.util.Optional;
import java.util.Set;
import org.eclipse.microprofile.config.inject.ConfigProperty;
import redis.clients.jedis.ConnectionPoolConfig;
import redis.clients.jedis.DefaultJedisClientConfig;
import redis.clients.jedis.HostAndPort;
import redis.clients.jedis.JedisClientConfig;

/**
 * How the application reaches Redis, as configured: a single server ({@code flashsale.redis.host}
 * and {@code port}) or a Redis Cluster ({@code flashsale.redis.cluster-nodes}), the ACL user, and the
 * short timeouts and bounded cluster retries that make a Redis that does not answer quickly count as
 * gone ({@link RedisClient}).
 */
@ApplicationScoped
public class RedisSettings {

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

    /** Settings for a client outside the server (a test, a program); {@code clusterNodes} empty = the single server. */
    static RedisSettings of(String host, int port, String clusterNodes, int timeoutMillis, int poolSize) {
        RedisSettings settings = new RedisSettings();
        settings.host = host;
        settings.port = port;
        settings.clusterNodes = Optional.of(clusterNodes);
        settings.user = Optional.empty();
        settings.password = Optional.empty();
        settings.timeoutMillis = timeoutMillis;
        settings.poolSize = poolSize;
        settings.clusterMaxAttempts = 3;
        settings.clusterMaxRetryMillis = 2 * timeoutMillis;
        return settings;
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

    Set<HostAndPort> nodes() {
        return parseNodes(clusterNodes.orElse(""));
    }

    boolean isCluster() {
        return !nodes().isEmpty();
    }

    /** The single server, as {@code host:port}. */
    HostAndPort server() {
        return new HostAndPort(host, port);
    }

    int clusterMaxAttempts() {
        return clusterMaxAttempts;
    }

    Duration clusterMaxRetry() {
        return Duration.ofMillis(clusterMaxRetryMillis);
    }

    ConnectionPoolConfig pool() {
        ConnectionPoolConfig pool = new ConnectionPoolConfig();
        pool.setMaxTotal(poolSize);
        pool.setMaxIdle(poolSize);
        pool.setMinIdle(0);
        pool.setJmxEnabled(false);
        pool.setMaxWait(Duration.ofMillis(timeoutMillis));
        return pool;
    }

    JedisClientConfig client() {
        DefaultJedisClientConfig.Builder client = DefaultJedisClientConfig.builder()
                .connectionTimeoutMillis(timeoutMillis)
                .socketTimeoutMillis(timeoutMillis)
                .clientName("flashsale");
        user.filter(name -> !name.isBlank()).ifPresent(client::user);
        password.filter(secret -> !secret.isBlank()).ifPresent(client::password);
        return client.build();
    }

    /** One line for the log: where Redis is, how many connections, the timeout and the user (never the password). */
    String description() {
        return (isCluster() ? "Redis Cluster " + nodes() + ", " + poolSize + " connections per node, at most "
                + clusterMaxAttempts + " attempts in " + clusterMaxRetryMillis + " ms per command"
                : "Redis " + host + ":" + port + ", " + poolSize + " connections") + ", timeout " + timeoutMillis + " ms"
                + user.filter(name -> !name.isBlank()).map(name -> ", as user " + name).orElse("");
    }
}
