package dev.flashsale.platform.redis;

import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.ServerSocket;
import java.time.Duration;
import java.time.Instant;
import org.junit.jupiter.api.Test;
import redis.clients.jedis.exceptions.JedisClusterOperationException;
import redis.clients.jedis.exceptions.JedisConnectionException;

/** A cluster that no node of answers: the client is tried once, and the calls right after fail at once. */
class RedisClientTest {

    @Test
    void aClusterNobodyAnswersForIsNotAskedAgainByEveryCall() throws Exception {
        int closed;
        try (ServerSocket socket = new ServerSocket(0)) {
            closed = socket.getLocalPort();
        }
        RedisClient client = RedisClient.of("127.0.0.1", 0, "127.0.0.1:" + closed, 250, 2);
        JedisClusterOperationException first = assertThrows(JedisClusterOperationException.class, client::commands);
        assertTrue(RedisFailures.unreachable(first), "no node answered: Redis is away, " + first);

        Instant started = Instant.now();
        for (int i = 0; i < 100; i++) {
            assertThrows(JedisConnectionException.class, client::commands);
        }
        Duration took = Duration.between(started, Instant.now());
        assertTrue(took.toMillis() < 500, "100 calls within the pause fail at once, not after an attempt each: " + took);
        client.close();
    }
}
