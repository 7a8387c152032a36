package dev.flashsale.testsupport;

import java.nio.file.Path;
import org.junit.platform.launcher.LauncherSession;
import org.junit.platform.launcher.LauncherSessionListener;

/**
 * Starts the integration tests' Redis before the first test of a run; after the last one, writes
 * what that Redis took long over ({@link RedisLatencyRecord}), then stops
 * the application servers (if a test started them), then Redis and the Redis Cluster (if a test
 * started it). Only the integration test run
 * (which sets {@code it.redis.port}) needs them.
 */
public class TestServicesSession implements LauncherSessionListener {

    @Override
    public void launcherSessionOpened(LauncherSession session) {
        if (System.getProperty("it.redis.port") != null) {
            TestRedis.start();
        }
    }

    @Override
    public void launcherSessionClosed(LauncherSession session) {
        if (System.getProperty("it.redis.port") != null) {
            RedisLatencyRecord.write(Path.of("target", "redis-latency.txt"));
            TestServer.stop();
            SecondNode.stop();
            ClusterNode.stop();
            TestRedis.stop();
            TestRedisCluster.stop();
        }
    }
}
