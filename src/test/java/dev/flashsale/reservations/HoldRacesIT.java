package dev.flashsale.reservations;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.flashsale.testsupport.Api;
import dev.flashsale.testsupport.Crowd;
import dev.flashsale.testsupport.Db;
import dev.flashsale.testsupport.Holds;
import dev.flashsale.testsupport.Pause;
import dev.flashsale.testsupport.Sales;
import dev.flashsale.testsupport.StockCounts;
import dev.flashsale.testsupport.TestServer;
import dev.flashsale.testsupport.WebhookReceiver;
import dev.flashsale.testsupport.Webhooks;
import dev.flashsale.testsupport.history.FinalState;
import dev.flashsale.testsupport.history.History;
import dev.flashsale.testsupport.history.HistoryChecker;
import dev.flashsale.testsupport.history.Report;
import jakarta.json.JsonObject;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.IntUnaryOperator;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.parallel.Isolated;

/**
 * Races on a hold's end: a payment that arrives as the hold expires, several sweepers at once
 * (the timer runs too, every second), and payments for holds that are overdue but not yet swept.
 * Sweeps on demand and a payment inside a transaction the test shapes go through the test-only
 * hooks in the server (dev.flashsale.testhooks); everything else through the storefront API.
 */
@Tag("core")
@Isolated("the sweep hook's counts cover every overdue hold; payments timed to 100 ms")
class HoldRacesIT {

    /** Holds per SKU the sweepers race for: within one sweep batch (200), as many as prove it. */
    private static final int HOLDS_PER_SKU = 60;

    private final Api api = new Api(TestServer.url());

    @Test
    void paymentAndSweeperAtTheExpiryBoundaryHaveOneWinnerEach() throws Exception {
        Set<String> subscribed = Set.of("reservation.confirmed", "hold.expired");
        try (WebhookReceiver receiver = new WebhookReceiver()) {
            // Each hold's end announced as what it became: the loser of a race wrote no event, as its transaction rolled back.
            Webhooks.Registered hook = Webhooks.register(api, receiver.url("races"), subscribed.toArray(new String[0]));
            try {
                int holds = 120;
                String sku = openSale(holds, "REFUSE");
                History history = new History();
                List<String> reservations = reserve(sku, holds, i -> 1, history).stream().map(hold -> hold.getString("id")).toList();
                // Hold i (its key ends in -i) expires at t0 + 20 ms * i; its payment arrives within 100 ms either side.
                Db.update("UPDATE reservation SET expires_at = now() + interval '1500 milliseconds'"
                        + " + CAST(substring(idempotency_key from '[0-9]+$') AS integer) * interval '20 milliseconds'"
                        + " WHERE sku = ?", sku);
                Instant t0 = Instant.parse(Db.text("SELECT to_char(min(expires_at) AT TIME ZONE 'UTC',"
                        + " 'YYYY-MM-DD\"T\"HH24:MI:SS.US\"Z\"') FROM reservation WHERE sku = ?", sku));

                AtomicBoolean paymentsDone = new AtomicBoolean();
                Thread[] sweepers = new Thread[2];
                List<String> outcomes;
                try {
                    for (int s = 0; s < sweepers.length; s++) {
                        sweepers[s] = new Thread(() -> {
                            while (!paymentsDone.get()) {
                                sweep();
                                sleepUntil(Instant.now().plusMillis(2));
                            }
                        });
                        sweepers[s].start();
                    }
                    outcomes = Crowd.run(16, holds, i -> {
                        Instant due = t0.plusMillis(20L * i + ThreadLocalRandom.current().nextLong(-100, 101));
                        sleepUntil(due);
                        Api.Answer answer = history.confirm(api, reservations.get(i));
                        return answer.status() == 200 ? answer.json().getString("status") : answer.problemType();
                    });
                } finally {
                    paymentsDone.set(true);
                    for (Thread s : sweepers) {
                        if (s != null) {
                            s.join();
                        }
                    }
                }
                sweep();

                Map<String, Long> byOutcome = outcomes.stream().collect(Collectors.groupingBy(o -> o, Collectors.counting()));
                long confirmed = byOutcome.getOrDefault("CONFIRMED", 0L);
                assertEquals(holds, confirmed + byOutcome.getOrDefault("hold-expired", 0L), byOutcome.toString());
                assertTrue(confirmed > 0 && confirmed < holds, "both sides won some races: " + byOutcome);
                assertEquals(confirmed, Db.scalar("SELECT count(*) FROM reservation WHERE sku = ? AND status = 'CONFIRMED'", sku));
                assertEquals(holds - confirmed, Db.scalar("SELECT count(*) FROM reservation WHERE sku = ? AND status = 'EXPIRED'", sku));
                StockCounts counts = StockCounts.of(sku);
                assertEquals(confirmed, counts.sold(), "every paid unit counted once");
                assertEquals(0, counts.held(), "every other unit back");
                assertTrue(counts.consistent(), counts.toString());
                assertEquals(0, Db.scalar("SELECT count(*) FROM reservation r WHERE sku = ? AND"
                        + " (SELECT count(*) FROM stock_movement m WHERE m.reservation_id = r.id) <> 2", sku),
                        "each hold has its claim and exactly one ending in the ledger");
                Report report = HistoryChecker.check(history.ops(), FinalState.read(List.of(sku)));
                System.out.println("payments racing the sweeper at the deadline: " + report);
                assertEquals(List.of(), report.anomalies(), report.toString());
                FinalState state = FinalState.read(List.of(sku));
                await("every hold's end announced").atMost(Holds.SWEPT_WITHIN).pollInterval(Duration.ofMillis(200)).untilAsserted(() ->
                        assertEquals(List.of(), HistoryChecker.checkEvents(state, subscribed,
                                Webhooks.ofReservations(receiver.at("races"), hook.secret()))));
            } finally {
                Webhooks.delete(api, hook.id());
            }
        }
    }

    @Test
    void concurrentSweepersReturnEveryUnitExactlyOnce() throws Exception {
        List<String> skus = List.of(openSale(200, "REFUSE"), openSale(200, "REFUSE"), openSale(200, "REFUSE"));
        long units = 0;
        for (String sku : skus) {
            for (JsonObject hold : reserve(sku, HOLDS_PER_SKU, i -> 1 + i % 3)) {
                units += hold.getInt("qty");
            }
        }
        Db.update("UPDATE reservation SET expires_at = now() - interval '1 second' WHERE sku = ANY(?)",
                (Object) skus.toArray(new String[0]));

        long before = Db.scalar("SELECT coalesce(max(id), 0) FROM stock_movement");
        List<Integer> returnedBySweep = Crowd.run(4, 4, i -> sweep());
        // A sweep takes every overdue hold: another class's that ran out meanwhile is not this test's.
        long others = Db.scalar("SELECT coalesce(sum(qty), 0) FROM stock_movement WHERE kind = 'EXPIRE' AND id > ? AND sku <> ALL(?)",
                before, skus.toArray(new String[0]));

        long returnedByTimer = units - (returnedBySweep.stream().mapToLong(Integer::longValue).sum() - others);
        assertTrue(returnedByTimer >= 0, "no unit returned twice: sweeps returned " + returnedBySweep + " of " + units
                + ", " + others + " of them other classes' holds");
        for (String sku : skus) {
            assertEquals(HOLDS_PER_SKU, Db.scalar("SELECT count(*) FROM reservation WHERE sku = ? AND status = 'EXPIRED'", sku));
            assertEquals(HOLDS_PER_SKU, Db.scalar("SELECT count(*) FROM stock_movement WHERE sku = ? AND kind = 'EXPIRE'", sku));
            StockCounts counts = StockCounts.of(sku);
            assertEquals(0, counts.held(), sku);
            assertTrue(counts.consistent(), counts.toString());
        }
    }

    @Test
    void anOverdueHoldNotYetSweptIsSoldUnderReclaimAndRefusedOtherwise() throws Exception {
        String reclaimSku = openSale(1, "RECLAIM");
        String reclaimHold = reserve(reclaimSku, 1, i -> 1).get(0).getString("id");
        Api.Answer sold = confirmWhileOverdue(reclaimHold);
        assertEquals(200, sold.status(), sold.toString());
        assertEquals("CONFIRMED", sold.json().getString("status"));
        assertEquals("CONFIRM", Db.text("SELECT kind FROM stock_movement WHERE reservation_id = ?::uuid AND kind <> 'CLAIM'",
                reclaimHold), "the held unit itself was sold, nothing re-claimed");
        assertEquals(1, StockCounts.of(reclaimSku).sold());

        String refuseSku = openSale(1, "REFUSE");
        String refusedHold = reserve(refuseSku, 1, i -> 1).get(0).getString("id");
        Api.Answer refused = confirmWhileOverdue(refusedHold);
        assertEquals(409, refused.status(), refused.toString());
        assertEquals("hold-expired", refused.problemType());
        assertEquals(0, StockCounts.of(refuseSku).sold());
    }

    /**
     * Pays for a hold inside one transaction that first makes the hold overdue, and so locks it:
     * the sweeper cannot get to it first. Accepted, it commits; refused, it rolls back.
     */
    private Api.Answer confirmWhileOverdue(String reservationId) {
        return api.postEmpty("api/test/holds/" + reservationId + "/confirm-while-overdue");
    }

    /** One sweep in the server, next to the timer's; returns the units it gave back. */
    private int sweep() {
        Api.Answer swept = api.postEmpty("api/test/holds/sweep");
        if (swept.status() != 200) {
            throw new IllegalStateException("sweep failed: " + swept);
        }
        return swept.json().getInt("units");
    }

    private String openSale(int units, String latePayment) {
        return Sales.openSku(api, units, 3, 600, latePayment);
    }

    /** {@code count} holds of the SKU, hold i under key {@code <sku>-i} for {@code qty(i)} units, in key order. */
    private List<JsonObject> reserve(String sku, int count, IntUnaryOperator qty) throws Exception {
        return reserve(sku, count, qty, new History());
    }

    private List<JsonObject> reserve(String sku, int count, IntUnaryOperator qty, History history) throws Exception {
        List<Api.Answer> answers = Crowd.run(8, count, i -> history.reserve(api, sku + "-" + i, sku, "buyer-" + i, qty.applyAsInt(i)));
        for (Api.Answer answer : answers) {
            assertEquals(201, answer.status(), answer.toString());
        }
        return answers.stream().map(Api.Answer::json).toList();
    }

    /**
     * The race is set on the clock on purpose: each payment is sent at its hold's deadline give or
     * take 100 ms, which is the behaviour under test, not a wait for something to happen. A slower
     * machine shifts payments later, and both sides still win some races.
     */
    private static void sleepUntil(Instant due) {
        long millis = due.toEpochMilli() - System.currentTimeMillis();
        if (millis > 0) {
            Pause.millis(millis);
        }
    }
}
