package dev.flashsale.platform.redis;

import redis.clients.jedis.JedisCluster;
import redis.clients.jedis.JedisPooled;
import redis.clients.jedis.UnifiedJedis;
import redis.clients.jedis.exceptions.JedisConnectionException;
import redis.clients.jedis.exceptions.JedisException;
import redis.clients.jedis.providers.ClusterConnectionProvider;

/**
 * {@link RedisClient}'s connections, made on first use, and again on a later use after no node
 * answered: a cluster client learns the slots from the nodes when it is made, so the application
 * starts, and sells, with the cluster away. While none answers, it is tried at most once a second;
 * the calls in between fail at once, so that they never queue behind one another's attempt.
 */
final class RedisOpening {

    private static final long REOPEN_PAUSE_NANOS = 1_000_000_000L;

    private final RedisSettings settings;
    private final Object opening = new Object();
    private volatile long nextOpeningNanos = System.nanoTime();
    private volatile UnifiedJedis commands;
    private volatile ClusterConnectionProvider cluster;

    RedisOpening(RedisSettings settings) {
        this.settings = settings;
    }

    /** The commands, made now if they are not yet. */
    UnifiedJedis commands() {
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

    /** The commands if they were made, else null. */
    UnifiedJedis madeOrNull() {
        return commands;
    }

    /** The cluster's connections; null for a single server (or before the first use). */
    ClusterConnectionProvider cluster() {
        return cluster;
    }

    private UnifiedJedis open() {
        if (!settings.isCluster()) {
            return new JedisPooled(settings.server(), settings.client(), settings.pool());
        }
        ClusterConnectionProvider provider = new ClusterConnectionProvider(settings.nodes(), settings.client(), settings.pool());
        cluster = provider;
        return new JedisCluster(provider, settings.clusterMaxAttempts(), settings.clusterMaxRetry());
    }
}
