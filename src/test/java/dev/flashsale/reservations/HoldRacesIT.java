package dev.flashsale.reservations;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.flashsale.platform.database.DatabaseMigration;
import dev.flashsale.platform.problem.ProblemException;
import dev.flashsale.reservations.boundary.ReserveTransaction;
import dev.flashsale.reservations.boundary.HoldSweeper;
import dev.flashsale.reservations.boundary.ReservationLifecycle;
import dev.flashsale.reservations.entity.IdempotencyKey;
import dev.flashsale.reservations.entity.Reservation;
import dev.flashsale.reservations.entity.ReservationStatus;
import dev.flashsale.reservations.entity.ReserveCommand;
import dev.flashsale.stock.entity.Sku;
import dev.flashsale.testsupport.Api;
import dev.flashsale.testsupport.Crowd;
import dev.flashsale.testsupport.Db;
import dev.flashsale.testsupport.Deployments;
import dev.flashsale.testsupport.Sales;
import dev.flashsale.testsupport.StockCounts;
import jakarta.inject.Inject;
import jakarta.transaction.UserTransaction;
import java.net.URL;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.stream.Collectors;
import javax.naming.InitialContext;
import javax.naming.NamingException;
import javax.sql.DataSource;
import org.jboss.arquillian.container.test.api.Deployment;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.jboss.arquillian.test.api.ArquillianResource;
import org.jboss.shrinkwrap.api.spec.WebArchive;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Races on a hold's end, run inside the server against the boundary beans: a payment that
 * arrives as the hold expires, several sweepers at once (the timer runs too, every second),
 * and payments for holds that are overdue but not yet swept.
 */
@ExtendWith(ArquillianExtension.class)
class HoldRacesIT {

    @Deployment
    static WebArchive deployment() {
        return Deployments.application();
    }

    @ArquillianResource
    URL base;

    @Inject
    ReserveTransaction reserveTransaction;

    @Inject
    ReservationLifecycle lifecycle;

    @Inject
    HoldSweeper sweeper;

    UserTransaction transaction;
    DataSource dataSource;

    @BeforeEach
    void lookUpTransactionAndDataSource() throws NamingException {
        InitialContext naming = new InitialContext();
        transaction = (UserTransaction) naming.lookup("java:comp/UserTransaction");
        dataSource = (DataSource) naming.lookup(DatabaseMigration.DATA_SOURCE);
    }

    @Test
    void paymentAndSweeperAtTheExpiryBoundaryHaveOneWinnerEach() throws Exception {
        int holds = 120;
        String sku = openSale(holds, "REFUSE");
        List<Reservation> reservations = reserve(sku, holds, 1);
        // Hold i (its key ends in -i) expires at t0 + 20 ms * i; its payment arrives within 100 ms either side.
        Db.update("UPDATE reservation SET expires_at = now() + interval '1500 milliseconds'"
                + " + CAST(substring(idempotency_key from '[0-9]+$') AS integer) * interval '20 milliseconds'"
                + " WHERE sku = ?", sku);
        Instant t0 = Instant.parse(Db.text("SELECT to_char(min(expires_at) AT TIME ZONE 'UTC',"
                + " 'YYYY-MM-DD\"T\"HH24:MI:SS.US\"Z\"') FROM reservation WHERE sku = ?", sku));

        AtomicBoolean paymentsDone = new AtomicBoolean();
        Thread[] sweepers = new Thread[2];
        for (int s = 0; s < sweepers.length; s++) {
            sweepers[s] = new Thread(() -> {
                while (!paymentsDone.get()) {
                    sweeper.sweep();
                    sleepUntil(Instant.now().plusMillis(2));
                }
            });
            sweepers[s].start();
        }
        List<String> outcomes = Crowd.run(16, holds, i -> {
            Instant due = t0.plusMillis(20L * i + ThreadLocalRandom.current().nextLong(-100, 101));
            sleepUntil(due);
            try {
                return lifecycle.confirm(reservations.get(i).id()).status().name();
            } catch (ProblemException refused) {
                return refused.toProblem().type().replaceAll(".*/", "");
            }
        });
        paymentsDone.set(true);
        for (Thread s : sweepers) {
            s.join();
        }
        sweeper.sweep();

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
    }

    @Test
    void concurrentSweepersReturnEveryUnitExactlyOnce() throws Exception {
        List<String> skus = List.of(openSale(600, "REFUSE"), openSale(600, "REFUSE"), openSale(600, "REFUSE"));
        long units = 0;
        for (String sku : skus) {
            for (Reservation hold : reserveMixed(sku, 150)) {
                units += hold.qty();
            }
        }
        Db.update("UPDATE reservation SET expires_at = now() - interval '1 second' WHERE sku = ANY(?)",
                (Object) skus.toArray(new String[0]));

        List<Integer> returnedBySweep = Crowd.run(4, 4, i -> sweeper.sweep().units());

        long returnedByTimer = units - returnedBySweep.stream().mapToLong(Integer::longValue).sum();
        assertTrue(returnedByTimer >= 0, "no unit returned twice: sweeps returned " + returnedBySweep + " of " + units);
        for (String sku : skus) {
            assertEquals(150, Db.scalar("SELECT count(*) FROM reservation WHERE sku = ? AND status = 'EXPIRED'", sku));
            assertEquals(150, Db.scalar("SELECT count(*) FROM stock_movement WHERE sku = ? AND kind = 'EXPIRE'", sku));
            StockCounts counts = StockCounts.of(sku);
            assertEquals(0, counts.held(), sku);
            assertTrue(counts.consistent(), counts.toString());
        }
    }

    @Test
    void anOverdueHoldNotYetSweptIsSoldUnderReclaimAndRefusedOtherwise() throws Exception {
        String reclaimSku = openSale(1, "RECLAIM");
        Reservation reclaimHold = reserve(reclaimSku, 1, 1).get(0);
        transaction.begin();
        try {
            // Overdue, and locked by this transaction, so the sweeper cannot get to it first.
            makeOverdueInThisTransaction(reclaimHold);
            assertEquals(ReservationStatus.CONFIRMED, lifecycle.confirm(reclaimHold.id()).status());
            transaction.commit();
        } catch (Exception | AssertionError e) {
            transaction.rollback();
            throw e;
        }
        assertEquals("CONFIRM", Db.text("SELECT kind FROM stock_movement WHERE reservation_id = ? AND kind <> 'CLAIM'",
                reclaimHold.id()), "the held unit itself was sold, nothing re-claimed");
        assertEquals(1, StockCounts.of(reclaimSku).sold());

        String refuseSku = openSale(1, "REFUSE");
        Reservation refusedHold = reserve(refuseSku, 1, 1).get(0);
        transaction.begin();
        try {
            makeOverdueInThisTransaction(refusedHold);
            ProblemException refused = assertThrows(ProblemException.class, () -> lifecycle.confirm(refusedHold.id()));
            assertEquals(409, refused.status());
            assertTrue(refused.toProblem().type().endsWith("/hold-expired"));
        } finally {
            transaction.rollback();
        }
        assertEquals(0, StockCounts.of(refuseSku).sold());
    }

    /** The application's data source enlists this connection in the running JTA transaction. */
    private void makeOverdueInThisTransaction(Reservation hold) throws SQLException {
        try (Connection connection = dataSource.getConnection();
             PreparedStatement update = connection.prepareStatement(
                     "UPDATE reservation SET expires_at = now() - interval '1 second' WHERE id = ?")) {
            update.setObject(1, hold.id());
            assertEquals(1, update.executeUpdate());
        }
    }

    private String openSale(int units, String latePayment) {
        // Through the admin API, as a merchandiser: the sales boundary is for that role only.
        return Sales.openSku(new Api(base), units, 3, 600, latePayment);
    }

    private List<Reservation> reserve(String sku, int count, int qty) {
        List<Reservation> made = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            made.add(reserveOne(new ReserveCommand(new IdempotencyKey(sku + "-" + i), new Sku(sku), "buyer-" + i, qty)));
        }
        return made;
    }

    private List<Reservation> reserveMixed(String sku, int count) {
        List<Reservation> made = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            made.add(reserveOne(new ReserveCommand(new IdempotencyKey(sku + "-" + i), new Sku(sku), "buyer-" + i,
                    1 + i % 3)));
        }
        return made;
    }

    /** In PostgreSQL alone, in a group of one: the gate plays no part in these races. */
    private Reservation reserveOne(ReserveCommand command) {
        return reserveTransaction.reserve(command.sku(), ReserveTransaction.ANY_SHARD, List.of(command)).answers().get(0)
                .outcomeOrThrow().reservation();
    }

    private static void sleepUntil(Instant due) {
        long millis = due.toEpochMilli() - System.currentTimeMillis();
        if (millis > 0) {
            try {
                Thread.sleep(millis);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException(e);
            }
        }
    }
}
