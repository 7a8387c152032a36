package dev.flashsale.limits.control;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.flashsale.limits.entity.TokenUse;
import dev.flashsale.platform.redis.RedisClient;
import dev.flashsale.testsupport.TestRedisCluster;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.util.HexFormat;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.parallel.Isolated;
import redis.clients.jedis.Jedis;

/**
 * Every test of {@link TakeTokensScriptIT} on a Redis Cluster of three masters, and what only a
 * cluster has: the buckets of one call on different masters, one of which lost the script.
 */
@Tag("cluster")
@Isolated("runs on the Redis Cluster, whose masters RedisClusterIT kills and the cluster's node uses")
class TakeTokensScriptOnClusterIT extends TakeTokensScriptIT {

    @Override
    RedisClient connect() {
        return RedisClient.of("127.0.0.1", 0, TestRedisCluster.nodes(), 2000, 4);
    }

    @Test
    void bucketsOnTwoMastersInOneCallEachTakeOnceWhenOneMasterLostTheScript() {
        String here = SharedBuckets.key(SLOW, id);
        String there = keyOnAnotherMaster(here);
        try (Jedis master = new Jedis("127.0.0.1", TestRedisCluster.ownerOf(here), 2000)) {
            master.scriptFlush();
        }
        List<String> takeOne = List.of(Long.toString(SLOW.microsPerToken()), Integer.toString(SLOW.burst()), "1",
                TokenUse.TAKE.script());

        assertEquals(List.of(0L, 0L), scripts.runAll(client, "take_tokens", List.of(List.of(here), List.of(there)),
                List.of(takeOne, takeOne)));

        for (String bucket : List.of(here, there)) {
            assertEquals(0, peek(bucket, 2), bucket + " has two of its three tokens left");
            assertTrue(peek(bucket, 3) > 0, bucket + " gave exactly one token: the call that ran was not run again");
        }
    }

    @Test
    void theScriptsAreLoadedIntoEveryMaster() throws Exception {
        redis.scriptFlush();
        scripts.loadInto(redis);
        String digest = HexFormat.of().formatHex(MessageDigest.getInstance("SHA-1")
                .digest(Files.readString(Path.of("lua/take_tokens.lua")).getBytes(StandardCharsets.UTF_8)));
        for (int port : TestRedisCluster.ports()) {
            try (Jedis master = new Jedis("127.0.0.1", port, 2000)) {
                assertTrue(master.scriptExists(digest), "take_tokens.lua is loaded on the master at " + port);
            }
        }
    }

    private String keyOnAnotherMaster(String key) {
        int owner = TestRedisCluster.ownerOf(key);
        for (int i = 0; i < 100; i++) {
            String other = SharedBuckets.key(SLOW, UUID.randomUUID().toString());
            if (TestRedisCluster.ownerOf(other) != owner) {
                assertNotEquals(client.serverOf(key), client.serverOf(other), "the client sees the same slots as the cluster");
                return other;
            }
        }
        throw new AssertionError("100 random buckets, all on the master at " + owner);
    }

    private long peek(String bucket, int tokens) {
        return scripts.run(redis, "take_tokens", List.of(bucket), List.of(Long.toString(SLOW.microsPerToken()),
                Integer.toString(SLOW.burst()), Integer.toString(tokens), TokenUse.PEEK.script()));
    }
}
