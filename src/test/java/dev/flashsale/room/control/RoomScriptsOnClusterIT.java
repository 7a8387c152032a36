package dev.flashsale.room.control;

import dev.flashsale.testsupport.TestRedisCluster;
import org.junit.jupiter.api.Tag;
import redis.clients.jedis.UnifiedJedis;

/**
 * Every test of {@link RoomScriptsIT} on a Redis Cluster of three masters: each room script's
 * keys share the sale's slot, so the cluster runs it where they live.
 */
@Tag("cluster")
class RoomScriptsOnClusterIT extends RoomScriptsIT {

    @Override
    UnifiedJedis connect() {
        return TestRedisCluster.client();
    }
}
