package dev.flashsale.reservations;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.flashsale.testsupport.Api;
import dev.flashsale.testsupport.Crowd;
import dev.flashsale.testsupport.Db;
import dev.flashsale.testsupport.Metrics;
import dev.flashsale.testsupport.Sales;
import dev.flashsale.testsupport.StockCounts;
import dev.flashsale.testsupport.TestServer;
import java.net.URL;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.IntFunction;
import java.util.function.Supplier;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.parallel.Isolated;

/**
 * One SKU's stock row held locked from outside (a stuck session) while buyers rush it: they are
 * told 503 busy while the row is still locked (no one waits for the lock to go), never hold the
 * node hostage, and ping and other SKUs are answered throughout; once the lock goes, the SKU sells
 * again and nothing is oversold.
 */
@Tag("faults")
@Isolated("stops, pauses, slows or kills PostgreSQL, Redis or the second node, which every class shares")
class BulkheadIT {

    /** Buyers of the locked SKU, more than the 32 clients send at once: some of them wait in line. */
    private static final int RUSH = 48;
    /**
     * The reserve transaction waits 2 s for a lock, a queued request at most for two groups: about
     * 6 s. Five times that is what a machine five times slower still meets, and still far below
     * the row's lock, which the test holds until every answer is in.
     */
    private static final Duration ANSWERED_WITHIN = Duration.ofSeconds(30);
    /** Probes answered while the rush was in flight: the rush lasts at least one lock wait (2 s), a probe milliseconds. */
    private static final int PROBES_DURING_RUSH = 3;

    private final URL base = TestServer.url();

    @Test
    void aLockedStockRowAnswersBusyInTimeWhileEverythingElseGoesOn() throws Exception {
        Api api = new Api(base);
        String locked = Sales.openSku(api, 500, 1, 600, "REFUSE");
        String other = Sales.openSku(api, 1_000_000, 1, 600, "REFUSE");
        List<String> probes = Collections.synchronizedList(new ArrayList<>());
        List<Timed> rush;
        Metrics before = Metrics.read(api);
        try (Connection session = Db.connect()) {
            session.setAutoCommit(false);
            try (PreparedStatement lock = session.prepareStatement("SELECT 1 FROM stock_shard WHERE sku = ? FOR UPDATE")) {
                lock.setString(1, locked);
                lock.executeQuery().close();
            }
            CompletableFuture<List<Timed>> rushing = CompletableFuture.supplyAsync(() -> crowd(RUSH,
                    i -> timed(() -> api.reserve(locked + "-" + i, locked, "buyer-" + i, 1))));
            CompletableFuture<Void> probing = CompletableFuture.runAsync(() -> {
                for (int i = 0; !rushing.isDone(); i++) {
                    probes.add(probe("ping", api.get("api/ping"), 200, rushing));
                    probes.add(probe("other SKU", api.reserve(other + "-probe-" + i, other, "buyer-" + i, 1), 201, rushing));
                }
            });
            AtomicBoolean lineSeen = new AtomicBoolean();
            await("buyers of the locked SKU waiting in line").atMost(ANSWERED_WITHIN).pollInterval(Duration.ofMillis(50))
                    .until(() -> {
                        lineSeen.compareAndSet(false, Metrics.read(api).value("flashsale_checkout_queued") > 0);
                        return lineSeen.get() || rushing.isDone();
                    });
            assertTrue(lineSeen.get(), "the metrics showed requests waiting in line while the rush was on");
            rush = rushing.get(2 * ANSWERED_WITHIN.toSeconds(), TimeUnit.SECONDS);
            probing.get(ANSWERED_WITHIN.toSeconds(), TimeUnit.SECONDS);
            // Only now does the lock go: every answer above came while the row was locked.
            session.rollback();
        }

        Map<Integer, Long> byStatus = rush.stream()
                .collect(Collectors.groupingBy(t -> t.answer().status(), TreeMap::new, Collectors.counting()));
        assertEquals(Map.of(503, (long) RUSH), byStatus, "every buyer of the locked SKU is told to retry");
        rush.forEach(t -> {
            assertEquals("busy", t.answer().problemType(), t.answer().toString());
            assertTrue(t.answer().header("Retry-After") != null, t.answer().toString());
            assertTrue(t.took().compareTo(ANSWERED_WITHIN) < 0, "answered within the deadline: " + t.took().toMillis() + " ms");
        });
        List<String> wrong = probes.stream().filter(probe -> !probe.startsWith("ok")).toList();
        assertEquals(List.of(), wrong, "ping and the other SKU answered right throughout");
        long duringRush = probes.stream().filter(probe -> probe.equals("ok during the rush")).count();
        assertTrue(duringRush >= 2 * PROBES_DURING_RUSH, "ping and the other SKU answered while the rush waited: " + duringRush);
        assertEquals(probes.size() / 2, Db.scalar("SELECT count(*) FROM reservation WHERE sku = ?", other),
                "the other SKU sold to every probe");

        // The server's counter, moved by other tests too: by these 503s at least.
        String busy = "flashsale_reservations_total{outcome=\"failed\",problem=\"busy\",status=\"503\"}";
        assertTrue(Metrics.read(api).since(before, busy) >= RUSH, "the metrics counted every 503 busy");

        assertEquals(201, api.reserve(locked + "-after", locked, "buyer-after", 1).status(), "the SKU sells again");
        StockCounts counts = StockCounts.of(locked);
        assertEquals(1, counts.held());
        assertEquals(1, Db.scalar("SELECT count(*) FROM reservation WHERE sku = ?", locked), "no 503 left a reservation");
        assertTrue(counts.consistent(), counts.toString());
    }

    private record Timed(Api.Answer answer, Duration took) {
    }

    private static Timed timed(Supplier<Api.Answer> call) {
        long start = System.nanoTime();
        Api.Answer answer = call.get();
        return new Timed(answer, Duration.ofNanos(System.nanoTime() - start));
    }

    /** "ok during the rush", "ok after the rush", or what was wrong with the answer. */
    private static String probe(String what, Api.Answer answer, int expected, CompletableFuture<?> rush) {
        boolean during = !rush.isDone();
        if (answer.status() != expected) {
            return what + ": " + answer;
        }
        return during ? "ok during the rush" : "ok after the rush";
    }

    private static List<Timed> crowd(int attempts, IntFunction<Timed> attempt) {
        try {
            return Crowd.run(32, attempts, attempt);
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }
}
