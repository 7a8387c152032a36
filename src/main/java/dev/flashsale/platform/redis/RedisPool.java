package dev.flashsale.platform.redis;

import jakarta.annotation.PostConstruct;
import jakarta.annotation.PreDestroy;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.time.Duration;
import java.util.Optional;
import java.util.logging.Logger;
import org.eclipse.microprofile.config.inject.ConfigProperty;
import redis.clients.jedis.DefaultJedisClientConfig;
import redis.clients.jedis.HostAndPort;
import redis.clients.jedis.Jedis;
import redis.clients.jedis.JedisPool;
import redis.clients.jedis.JedisPoolConfig;

/**
 * The application's one pool of Redis connections. Timeouts are short on purpose: a Redis that
 * does not answer quickly is treated as gone, and sales go on on PostgreSQL alone.
 */
@ApplicationScoped
public class RedisPool {

    private static final Logger LOG = Logger.getLogger(RedisPool.class.getName());

    @Inject
    @ConfigProperty(name = "flashsale.redis.host", defaultValue = "127.0.0.1")
    String host;

    @Inject
    @ConfigProperty(name = "flashsale.redis.port", defaultValue = "6379")
    int port;

    @Inject
    @ConfigProperty(name = "flashsale.redis.password")
    Optional<String> password;

    @Inject
    @ConfigProperty(name = "flashsale.redis.timeout-ms", defaultValue = "250")
    int timeoutMillis;

    @Inject
    @ConfigProperty(name = "flashsale.redis.pool-size", defaultValue = "64")
    int poolSize;

    private JedisPool pool;

    @PostConstruct
    void open() {
        JedisPoolConfig config = new JedisPoolConfig();
        config.setMaxTotal(poolSize);
        config.setMaxIdle(poolSize);
        config.setMinIdle(0);
        config.setJmxEnabled(false);
        config.setMaxWait(Duration.ofMillis(timeoutMillis));
        DefaultJedisClientConfig.Builder client = DefaultJedisClientConfig.builder()
                .connectionTimeoutMillis(timeoutMillis)
                .socketTimeoutMillis(timeoutMillis)
                .clientName("flashsale");
        password.filter(secret -> !secret.isBlank()).ifPresent(client::password);
        pool = new JedisPool(config, new HostAndPort(host, port), client.build());
        LOG.info(() -> "Redis pool: " + host + ":" + port + ", " + poolSize + " connections, timeout "
                + timeoutMillis + " ms");
    }

    /** A connection to give back with try-with-resources; borrowed only through a component's own call wrapper (the gate's RedisCalls, the limits' SharedBuckets). */
    public Jedis borrow() {
        return pool.getResource();
    }

    /**
     * Closes the idle connections: after one connection failed (Redis restarted, a failover),
     * the others opened to the same server are dead too, and handing them out one by one would
     * keep the gate closed for as many failures as there are idle connections.
     */
    public void dropIdle() {
        pool.clear();
    }

    @PreDestroy
    void close() {
        pool.close();
    }
}
