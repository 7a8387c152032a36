package dev.flashsale.testsupport;

import org.junit.platform.launcher.LauncherSession;
import org.junit.platform.launcher.LauncherSessionListener;

/**
 * Starts the integration tests' Redis before the first test of a run and stops it after the
 * last one. Only the integration test run (which sets {@code it.redis.port}) needs it.
 */
public class TestRedisSession implements LauncherSessionListener {

    @Override
    public void launcherSessionOpened(LauncherSession session) {
        if (System.getProperty("it.redis.port") != null) {
            TestRedis.start();
        }
    }

    @Override
    public void launcherSessionClosed(LauncherSession session) {
        if (System.getProperty("it.redis.port") != null) {
            TestRedis.stop();
        }
    }
}
