package dev.flashsale.reservations;

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
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Supplier;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * One SKU's stock row held locked from outside (a stuck session) while buyers rush it: they are
 * told 503 busy within their deadline, never hold the node hostage, and ping and other SKUs answer
 * at once throughout; once the lock goes, the SKU sells again and nothing is oversold.
 */
@Tag("faults")
class BulkheadIT {

    private static final Duration LOCK_HELD = Duration.ofSeconds(30);
    /** The reserve transaction waits 2 s for a lock; a queued request at most for two groups. */
    private static final long DEADLINE_MILLIS = 6_000;
    private static final long QUICK_MILLIS = 1_000;

    private final URL base = TestServer.url();

    @Test
    void aLockedStockRowAnswersBusyInTimeWhileEverythingElseGoesOn() throws Exception {
        Api api = new Api(base);
        String locked = Sales.openSku(api, 500, 1, 600, "REFUSE");
        String other = Sales.openSku(api, 500, 1, 600, "REFUSE");
        List<Long> quick = Collections.synchronizedList(new ArrayList<>());
        List<String> slowOrWrong = Collections.synchronizedList(new ArrayList<>());
        List<Timed> rush;
        Metrics before = Metrics.read(api);
        AtomicLong mostQueued = new AtomicLong();
        try (Connection session = Db.connect()) {
            session.setAutoCommit(false);
            try (PreparedStatement lock = session.prepareStatement("SELECT 1 FROM stock_shard WHERE sku = ? FOR UPDATE")) {
                lock.setString(1, locked);
                lock.executeQuery().close();
            }
            long lockedAt = System.nanoTime();
            AtomicBoolean rushing = new AtomicBoolean(true);
            Thread probe = new Thread(() -> {
                for (int i = 0; rushing.get(); i++) {
                    probe(quick, slowOrWrong, "ping", () -> api.get("api/ping"), 200);
                    String key = other + "-probe-" + i;
                    String buyer = "buyer-" + i;
                    probe(quick, slowOrWrong, "other SKU", () -> api.reserve(key, other, buyer, 1), 201);
                    if (i % 5 == 0) {
                        mostQueued.accumulateAndGet((long) Metrics.read(api).value("flashsale_checkout_queued"), Math::max);
                    }
                    sleep(100);
                }
            });
            probe.start();
            try {
                rush = Crowd.run(32, 100, i -> timed(() -> api.reserve(locked + "-" + i, locked, "buyer-" + i, 1)));
            } finally {
                rushing.set(false);
                probe.join();
            }
            Duration held = Duration.ofNanos(System.nanoTime() - lockedAt);
            assertTrue(held.compareTo(LOCK_HELD) < 0, "the rush ended while the row was still locked: " + held);
            session.rollback();
        }

        Map<Integer, Long> byStatus = rush.stream()
                .collect(Collectors.groupingBy(t -> t.answer().status(), TreeMap::new, Collectors.counting()));
        assertEquals(Map.of(503, 100L), byStatus, "every buyer of the locked SKU is told to retry");
        rush.forEach(t -> {
            assertEquals("busy", t.answer().problemType(), t.answer().toString());
            assertTrue(t.answer().header("Retry-After") != null, t.answer().toString());
            assertTrue(t.millis() < DEADLINE_MILLIS, "answered within the deadline: " + t.millis() + " ms");
        });
        assertTrue(slowOrWrong.isEmpty(), "ping and the other SKU answered at once throughout: " + slowOrWrong);
        assertTrue(quick.size() >= 20, "probes ran throughout the rush: " + quick.size());

        assertTrue(mostQueued.get() > 0, "the metrics showed requests waiting in line: " + mostQueued.get());
        assertEquals(100, Metrics.read(api).since(before,
                "flashsale_reservations_total{outcome=\"failed\",problem=\"busy\",status=\"503\"}"),
                "the metrics counted every 503 busy");

        assertEquals(201, api.reserve(locked + "-after", locked, "buyer-after", 1).status(), "the SKU sells again");
        StockCounts counts = StockCounts.of(locked);
        assertEquals(1, counts.held());
        assertEquals(1, Db.scalar("SELECT count(*) FROM reservation WHERE sku = ?", locked), "no 503 left a reservation");
        assertTrue(counts.consistent(), counts.toString());
    }

    private record Timed(Api.Answer answer, long millis) {
    }

    private static Timed timed(Supplier<Api.Answer> call) {
        long start = System.nanoTime();
        Api.Answer answer = call.get();
        return new Timed(answer, (System.nanoTime() - start) / 1_000_000);
    }

    private static void probe(List<Long> quick, List<String> slowOrWrong, String what,
                              Supplier<Api.Answer> call, int expected) {
        Timed t = timed(call);
        if (t.answer().status() != expected || t.millis() > QUICK_MILLIS) {
            slowOrWrong.add(what + ": " + t.answer().status() + " after " + t.millis() + " ms");
        } else {
            quick.add(t.millis());
        }
    }

    private static void sleep(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
