package dev.flashsale.platform.redis;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import jakarta.ejb.EJBException;
import java.util.List;
import org.junit.jupiter.api.Test;
import redis.clients.jedis.HostAndPort;
import redis.clients.jedis.exceptions.JedisBroadcastException;
import redis.clients.jedis.exceptions.JedisClusterException;
import redis.clients.jedis.exceptions.JedisClusterOperationException;
import redis.clients.jedis.exceptions.JedisConnectionException;
import redis.clients.jedis.exceptions.JedisDataException;
import redis.clients.jedis.exceptions.JedisMovedDataException;

/** Which failures mean Redis is away, as the cluster client reports them, and the cluster nodes setting. */
class RedisFailuresTest {

    @Test
    void aRefusedConnectionAlsoInsideTheClustersOwnFailuresIsRedisAway() {
        assertTrue(RedisFailures.unreachable(new JedisConnectionException("refused")));
        assertTrue(RedisFailures.unreachable(new EJBException(new RuntimeException(new JedisConnectionException("refused")))));
        JedisClusterOperationException attemptsUsedUp = new JedisClusterOperationException("No more cluster attempts left.");
        attemptsUsedUp.addSuppressed(new JedisConnectionException("refused"));
        assertTrue(RedisFailures.unreachable(attemptsUsedUp));
        assertTrue(RedisFailures.unreachable(new JedisClusterOperationException("Cluster retry deadline exceeded.")));
        assertTrue(RedisFailures.unreachable(new JedisClusterException("CLUSTERDOWN The cluster is down")));
        assertTrue(RedisFailures.unreachable(new JedisMovedDataException("MOVED 1 127.0.0.1:7001",
                new HostAndPort("127.0.0.1", 7001), 1)));
        JedisBroadcastException oneMasterDown = new JedisBroadcastException();
        oneMasterDown.addReply(new HostAndPort("127.0.0.1", 7000), "OK");
        oneMasterDown.addReply(new HostAndPort("127.0.0.1", 7001), new JedisConnectionException("refused"));
        assertTrue(RedisFailures.unreachable(oneMasterDown));
    }

    @Test
    void whatRedisRefusedIsNotRedisAway() {
        assertFalse(RedisFailures.unreachable(new JedisDataException("ERR wrong number of arguments")));
        assertFalse(RedisFailures.unreachable(new JedisClusterOperationException("Keys must belong to same hashslot.")));
        JedisBroadcastException refusedByAll = new JedisBroadcastException();
        refusedByAll.addReply(new HostAndPort("127.0.0.1", 7000), new JedisDataException("ERR unknown command"));
        assertFalse(RedisFailures.unreachable(refusedByAll));
    }

    @Test
    void clusterNodesAreHostPortPairsAndEmptyMeansOneServer() {
        assertEquals(List.of(new HostAndPort("10.0.0.1", 7000), new HostAndPort("redis-b", 7001)),
                List.copyOf(RedisSettings.parseNodes(" 10.0.0.1:7000, redis-b:7001 ,")));
        assertTrue(RedisSettings.parseNodes("").isEmpty());
        assertTrue(RedisSettings.parseNodes(" , ").isEmpty());
        assertThrows(IllegalArgumentException.class, () -> RedisSettings.parseNodes("redis-a"));
        assertThrows(IllegalArgumentException.class, () -> RedisSettings.parseNodes("redis-a:"));
    }
}
