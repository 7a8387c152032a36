package dev.flashsale.gate;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.flashsale.gate.control.GateKeys;
import dev.flashsale.stock.entity.Sku;
import dev.flashsale.testsupport.Api;
import dev.flashsale.testsupport.Crowd;
import dev.flashsale.testsupport.Sales;
import dev.flashsale.testsupport.StockCounts;
import dev.flashsale.testsupport.TestRedis;
import dev.flashsale.testsupport.TestServer;
import dev.flashsale.testsupport.history.FinalState;
import dev.flashsale.testsupport.history.History;
import dev.flashsale.testsupport.history.HistoryChecker;
import dev.flashsale.testsupport.history.Report;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.parallel.Isolated;
import redis.clients.jedis.Jedis;

/**
 * Redis paused (CLIENT PAUSE) for longer than the application's Redis timeout in the middle of a
 * sale: it answers nobody, yet every connection stays open, which is not the refused connection
 * of a dead server. The sale goes on on PostgreSQL alone, the history checker finds nothing
 * wrong, and once Redis answers again the gate reopens with its counter rebuilt.
 */
@Tag("faults")
@Isolated("stops, pauses, slows or kills PostgreSQL, Redis or the second node, which every class shares")
class RedisPauseIT {

    private static final int UNITS = 300;
    private static final int ATTEMPTS = 3_000;
    private static final long PAUSE_MS = 3_000;

    private final Api api = new Api(TestServer.url());

    @Test
    void aRedisPausedPastTheTimeoutMidSaleNeitherOversellsNorFailsAndTheGateComesBack() throws Exception {
        String sku = Sales.openSku(api, UNITS, 1, 600, "REFUSE");
        TestRedis.awaitValue(GateKeys.counter(new Sku(sku)), Integer.toString(UNITS));
        History history = new History();
        AtomicInteger answered = new AtomicInteger();
        AtomicReference<Instant> pauseEnds = new AtomicReference<>();
        Thread pauser = new Thread(() -> {
            // A tenth of the units' buyers answered: most units are still to sell when Redis stops.
            await("a tenth of the units' buyers answered").atMost(Duration.ofMinutes(2)).pollInterval(Duration.ofMillis(5))
                    .until(() -> answered.get() >= UNITS / 10);
            try (Jedis redis = TestRedis.client()) {
                redis.clientPause(PAUSE_MS);
                pauseEnds.set(Instant.now().plusMillis(PAUSE_MS));
            }
        });
        pauser.start();
        try {
            Crowd.run(32, ATTEMPTS, i -> {
                Api.Answer answer = history.reserve(api, sku + "-" + i, sku, "buyer-" + i, 1);
                answered.incrementAndGet();
                return answer;
            });
        } finally {
            pauser.join(30_000);
        }
        assertTrue(pauseEnds.get() != null, "Redis was paused mid-sale");
        // The crowd may be answered before the pause ends (a sold-out SKU is refused from memory):
        // the final state is read from Redis once it answers again.
        await("Redis answers again").atMost(Duration.ofSeconds(30)).until(TestRedis::answers);
        TestRedis.awaitGateInUse(api);
        Duration back = Duration.between(pauseEnds.get(), Instant.now());

        Report report = HistoryChecker.check(history.ops(), FinalState.read(List.of(sku)));
        System.out.println("Redis paused " + PAUSE_MS + " ms mid-sale: " + report + "; the gate in use again "
                + Math.max(0, back.toMillis()) + " ms after the pause ended");
        assertEquals(List.of(), report.anomalies(), report.toString());
        assertEquals(0, report.figure("5xx"), "PostgreSQL alone answered while Redis was paused: " + report);
        assertEquals(UNITS, StockCounts.of(sku).held(), "every unit sold, none twice");
        assertEquals(UNITS, report.figure("ok") - replays(history), "one 201 per unit");
        Api.Answer stock = api.stock(sku);
        assertEquals(0, stock.json().getInt("available"));
    }

    private static long replays(History history) {
        return history.ops().stream().filter(op -> op.status() == 200).count();
    }
}
