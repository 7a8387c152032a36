package dev.flashsale.gate.control;

import org.junit.jupiter.api.Tag;
import dev.flashsale.testsupport.TestRedisCluster;
import org.junit.jupiter.api.parallel.Isolated;
import redis.clients.jedis.UnifiedJedis;

/**
 * Every test of {@link LuaScriptsIT} on a Redis Cluster of three masters: each script's keys
 * share the SKU's slot, and a master that lost the scripts (SCRIPT FLUSH on every master) is
 * sent the source.
 */
@Tag("cluster")
@Isolated("runs on the Redis Cluster, whose masters RedisClusterIT kills and the cluster's node uses")
class LuaScriptsOnClusterIT extends LuaScriptsIT {

    @Override
    UnifiedJedis connect() {
        return TestRedisCluster.client();
    }
}
