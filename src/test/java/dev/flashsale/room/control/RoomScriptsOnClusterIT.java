package dev.flashsale.room.control;

import dev.flashsale.testsupport.TestRedisCluster;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.parallel.Isolated;
import redis.clients.jedis.UnifiedJedis;

/**
 * Every test of {@link RoomScriptsIT} on a Redis Cluster of three masters: each room script's
 * keys share the sale's slot, so the cluster runs it where they live.
 */
@Tag("cluster")
@Isolated("runs on the Redis Cluster, whose masters RedisClusterIT kills and the cluster's node uses")
class RoomScriptsOnClusterIT extends RoomScriptsIT {

    @Override
    UnifiedJedis connect() {
        return TestRedisCluster.client();
    }
}
