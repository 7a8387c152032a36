package dev.flashsale.reservations;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.flashsale.testsupport.Api;
import dev.flashsale.testsupport.Crowd;
import dev.flashsale.testsupport.Db;
import dev.flashsale.testsupport.Sales;
import dev.flashsale.testsupport.StockCounts;
import dev.flashsale.testsupport.TestPostgres;
import dev.flashsale.testsupport.TestServer;
import dev.flashsale.testsupport.history.FinalState;
import dev.flashsale.testsupport.history.History;
import dev.flashsale.testsupport.history.HistoryChecker;
import dev.flashsale.testsupport.history.Op;
import dev.flashsale.testsupport.history.Report;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URL;
import java.nio.file.Files;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.awaitility.core.ConditionTimeoutException;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.parallel.Isolated;

/**
 * PostgreSQL restarted in the middle of a sale: the buyers caught in it are told to retry (503
 * with Retry-After), never given a 500; every 201 is a real reservation, and each buyer told to
 * retry gets a reservation, or the original answer when its commit had gone through, by retrying
 * with the same key.
 */
@Tag("faults")
@Isolated("stops, pauses, slows or kills PostgreSQL, Redis or the second node, which every class shares")
class PostgresRestartIT {

    /**
     * At least as many units as buyers: every request reaches PostgreSQL (none is turned away by
     * the gate). The buyers keep coming until PostgreSQL answers again, {@code BUYERS} at most.
     */
    private static final int UNITS = 2_000;
    private static final int BUYERS = 2_000;
    /** Buyers asking at once. */
    private static final int CLIENTS = 32;
    /** Buyers told to retry that prove the point; past them, no new buyer comes. */
    private static final int CAUGHT_ENOUGH = 100;
    /** Buyers answered before the restart begins. */
    private static final int BEFORE_RESTART = 100;
    /** A retry asked this long after the crowd must no longer be refused. */
    private static final Duration SELLABLE_AGAIN_WITHIN = Duration.ofSeconds(45);

    private final URL base = TestServer.url();

    @Test
    void aRestartMidSaleAnswers503WithRetryAfterNeverA500AndEveryBuyerToldToRetryReservesAfterwards() throws Exception {
        Api api = new Api(base);
        String sku = Sales.openSku(api, UNITS, 1, 600, "REFUSE");
        AtomicInteger answered = new AtomicInteger();
        AtomicInteger caught = new AtomicInteger();
        AtomicReference<Instant> restarted = new AtomicReference<>();
        AtomicReference<Exception> restartFailure = new AtomicReference<>();
        Thread restarter = new Thread(() -> {
            try {
                await("the first buyers answered").atMost(Duration.ofMinutes(2)).pollInterval(Duration.ofMillis(5))
                        .until(() -> answered.get() >= BEFORE_RESTART);
                TestPostgres.restart();
                restarted.set(Instant.now());
            } catch (Exception e) {
                restartFailure.set(e);
            }
        });
        restarter.start();
        List<Api.Answer> answers;
        History history = new History();
        try {
            // Attempts start in order and stop together once PostgreSQL is back or enough buyers
            // were caught by the restart: the answers are those of buyers 0 to n-1.
            answers = Crowd.run(CLIENTS, BUYERS, i -> {
                Api.Answer answer = history.reserve(api, sku + "-" + i, sku, "buyer-" + i, 1);
                answered.incrementAndGet();
                if (answer.status() == 503) {
                    caught.incrementAndGet();
                }
                return answer;
            }, () -> restarted.get() != null || restartFailure.get() != null || caught.get() >= CAUGHT_ENOUGH);
        } finally {
            restarter.join(90_000);
        }
        if (restartFailure.get() != null) {
            throw new AssertionError("PostgreSQL was not restarted", restartFailure.get());
        }
        assertTrue(restarted.get() != null, "PostgreSQL answered again within 90 s of the restart's start");
        Map<Integer, Long> byStatus = answers.stream()
                .collect(Collectors.groupingBy(Api.Answer::status, TreeMap::new, Collectors.counting()));

        assertEquals(0, answers.stream().filter(a -> a.status() >= 500 && a.status() != 503).count(), "no 5xx but 503: " + byStatus);
        answers.stream().filter(a -> a.status() == 503).forEach(a -> {
            assertEquals("service-unavailable", a.problemType(), a.toString());
            assertTrue(a.header("Retry-After") != null, "503 with Retry-After: " + a);
        });
        assertTrue(byStatus.getOrDefault(503, 0L) > 0, "the restart caught requests in flight: " + byStatus);
        // A 503 is an unknown outcome: the commit may have happened before the answer was lost. So
        // every 201 is a reservation, and every other reservation belongs to a buyer told to retry.
        long created = byStatus.getOrDefault(201, 0L);
        long reservations = Db.scalar("SELECT count(*) FROM reservation WHERE sku = ?", sku);
        assertTrue(reservations >= created && reservations <= created + byStatus.get(503),
                reservations + " reservations for " + byStatus);

        // Afterwards each buyer told to retry does so with the same key, until answered: within
        // seconds, once the pool has replaced its connections (before it did so all at once, the
        // SKU stayed unsellable for 60-90 s). The buyers retry one after another, so the limit is
        // on what a retry is answered, never on how long the retries of hundreds of buyers take:
        // a retry asked 45 s after the crowd must not be refused any more.
        Instant crowdEnded = Instant.now();
        Instant deadline = crowdEnded.plus(SELLABLE_AGAIN_WITHIN);
        int buyers = answers.size();
        int retried = 0;
        for (int i = 0; i < buyers; i++) {
            Api.Answer answer = answers.get(i);
            if (answer.status() == 503) {
                retried++;
                answer = retryUntilAnswered(api, history, sku, i, deadline, restarted.get());
            }
            assertTrue(answer.status() == 201 || answer.status() == 200, "buyer " + i + " reserved: " + answer);
        }
        System.out.println(retried + " buyers told to retry were answered, one after another, within "
                + Duration.between(crowdEnded, Instant.now()).toMillis() + " ms of the crowd's end");
        // The gate may have given back units whose commit went through while their answer was lost:
        // reconciliation corrects a counter found high at once and one found low on its second run.
        for (int run = 0; run < 2; run++) {
            assertEquals(200, api.adminPostEmpty("api/admin/reconciliation/run").status());
        }
        // The restart's 503s are this scenario's point, and their number is its own design, not a
        // share of the requests: the crowd stops once CAUGHT_ENOUGH were told to retry, with at
        // most CLIENTS more in flight, and a retry may be told to wait while the pool replaces its
        // connections, once per buyer caught at most.
        long requests = history.ops().size();
        double unknownBound = Math.min(1, 2.0 * (CAUGHT_ENOUGH + CLIENTS) / requests);
        Report report = HistoryChecker.check(history.ops(), FinalState.read(List.of(sku)), unknownBound);
        // Unsellable from the first 503 until a reservation asked after the last 503 was asked is answered.
        long firstFailure = history.ops().stream().filter(op -> op.status() == 503).mapToLong(Op::invoked).min().orElseThrow();
        long lastFailure = history.ops().stream().filter(op -> op.status() == 503).mapToLong(Op::invoked).max().orElseThrow();
        long sellable = history.ops().stream().filter(op -> op.outcome() == Op.Outcome.OK && op.invoked() > lastFailure)
                .mapToLong(Op::completed).min().orElseThrow();
        System.out.println("PostgreSQL restarted mid-sale: " + report + "; sellable again "
                + (sellable - firstFailure) / 1_000_000 + " ms after the first 503");
        assertEquals(List.of(), report.anomalies(), report.toString());
        assertTrue(report.figure("unknown") > 0, report.toString());
        StockCounts counts = StockCounts.of(sku);
        assertEquals(buyers, counts.held(), "one unit per buyer");
        assertTrue(counts.consistent(), counts.toString());
        assertEquals(buyers, Db.scalar("SELECT count(*) FROM reservation WHERE sku = ? AND status = 'HELD'", sku));
        assertEquals(UNITS - buyers, api.stock(sku).json().getInt("available"), "every other unit still for sale");
    }

    /**
     * Buyer {@code i} retries with the same key until answered otherwise than 503; a retry asked
     * after the deadline and still refused fails the test. The buyers retry one after another, so
     * the limit is on what a retry is answered, never on how long the retries of all the buyers take.
     */
    private static Api.Answer retryUntilAnswered(Api api, History history, String sku, int i, Instant deadline,
                                                 Instant restarted) {
        AtomicReference<Api.Answer> last = new AtomicReference<>();
        Duration left = Duration.between(Instant.now(), deadline);
        try {
            return await("buyer " + i + " answered on retrying").atMost(left.compareTo(Duration.ofSeconds(1)) > 0 ? left
                            : Duration.ofSeconds(1)).pollDelay(Duration.ZERO).pollInterval(Duration.ofMillis(50)).pollInSameThread()
                    .until(() -> {
                        last.set(history.reserve(api, sku + "-" + i, sku, "buyer-" + i, 1));
                        return last.get();
                    }, answer -> answer.status() != 503);
        } catch (ConditionTimeoutException refusedStill) {
            throw new AssertionError("a retry asked " + SELLABLE_AGAIN_WITHIN.toSeconds() + " s after the crowd ("
                    + Duration.between(restarted, Instant.now()).toSeconds() + " s after PostgreSQL answered again)"
                    + " is still refused: " + last.get() + "\n" + whatTheServerSaw(sku), refusedStill);
        }
    }

    /** The server's last words on this SKU's failed transactions, and its connections in PostgreSQL now. */
    private static String whatTheServerSaw(String sku) {
        StringBuilder seen = new StringBuilder("the server's last failed transactions of ").append(sku).append(":\n");
        try (Stream<String> lines = Files.lines(TestServer.logFile())) {
            List<String> failures = lines.filter(line -> line.contains(sku) && line.contains(" failed")).toList();
            failures.subList(Math.max(0, failures.size() - 5), failures.size())
                    .forEach(line -> seen.append(line, Math.max(0, line.indexOf(" The transaction")), Math.min(line.length(), 900)).append('\n'));
        } catch (IOException | UncheckedIOException unreadable) {
            seen.append("(its log is unreadable: ").append(unreadable).append(")\n");
        }
        try (Connection db = Db.connect(); Statement statement = db.createStatement();
                ResultSet rows = statement.executeQuery("SELECT application_name, state, count(*) FROM pg_stat_activity"
                        + " WHERE backend_type = 'client backend' GROUP BY 1, 2 ORDER BY 1, 2")) {
            seen.append("connections in PostgreSQL (application, state, count):");
            while (rows.next()) {
                seen.append(" [").append(rows.getString(1)).append(", ").append(rows.getString(2)).append(", ").append(rows.getLong(3)).append(']');
            }
        } catch (SQLException unanswered) {
            seen.append("PostgreSQL does not answer the test either: ").append(unanswered);
        }
        return seen.toString();
    }
}
