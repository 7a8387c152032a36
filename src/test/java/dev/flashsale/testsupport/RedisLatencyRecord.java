package dev.flashsale.testsupport;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.logging.Logger;
import redis.clients.jedis.Jedis;
import redis.clients.jedis.resps.LatencyLatestInfo;

/**
 * What the tests' Redis itself took long over, for a run's reader: its latency monitor keeps, for
 * each kind of event (a command, a script, a fork) that took {@link #THRESHOLD_MILLIS} or more,
 * the latest and the longest. Written at the run's end to {@code target/redis-latency.txt}; an
 * event as long as the server's Redis timeout (250 ms) is also logged. A Redis read that timed out
 * on the server with no such event came from the machine, not from Redis.
 */
public final class RedisLatencyRecord {

    /** Events shorter than this are not kept (the monitor's threshold, set when the server starts). */
    public static final int THRESHOLD_MILLIS = 100;

    private static final long SERVER_TIMEOUT_MILLIS = 250;
    private static final Logger LOG = Logger.getLogger(RedisLatencyRecord.class.getName());

    private RedisLatencyRecord() {
    }

    /** Writes the record of the tests' Redis, if it answers; the Redis restarted by a test has only its own since. */
    public static void write(Path file) {
        Map<String, LatencyLatestInfo> events;
        try (Jedis redis = TestRedis.client()) {
            events = redis.latencyLatest();
        } catch (RuntimeException gone) {
            LOG.info(() -> "No Redis latency record: the tests' Redis does not answer (" + gone.getMessage() + ")");
            return;
        }
        List<String> lines = new ArrayList<>();
        lines.add("# Events of the tests' Redis that took " + THRESHOLD_MILLIS + " ms or more: event, latest at, latest ms, longest ms");
        events.values().forEach(event -> {
            lines.add(event.getCommand() + ", " + Instant.ofEpochSecond(event.getTimestamp()) + ", "
                    + event.getLastEventLatency() + ", " + event.getMaxEventLatency());
            if (event.getMaxEventLatency() >= SERVER_TIMEOUT_MILLIS) {
                LOG.warning(() -> "The tests' Redis took " + event.getMaxEventLatency() + " ms over a " + event.getCommand()
                        + " event, longer than the server's Redis timeout (" + file + ")");
            }
        });
        try {
            Files.createDirectories(file.getParent());
            Files.write(file, lines);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
