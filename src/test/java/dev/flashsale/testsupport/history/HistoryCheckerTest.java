package dev.flashsale.testsupport.history;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.flashsale.testsupport.history.Anomaly.Kind;
import dev.flashsale.testsupport.history.FinalState.ReservationRow;
import dev.flashsale.testsupport.history.FinalState.SkuRow;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/**
 * The checker on hand-made histories: a correct one passes, and each kind of anomaly, made by
 * breaking one thing of it, is reported as that kind (and as nothing the break does not explain).
 */
class HistoryCheckerTest {

    private static final String SALE = "sale-1";
    private static final Instant FIRST_DEADLINE = Instant.parse("2030-01-01T12:10:00.123456Z");
    private static final Instant SECOND_DEADLINE = FIRST_DEADLINE.plusSeconds(120);

    /** 3 units, cap 2 per buyer: a held, b confirmed, c cancelled, d refused sold out, e unknown but taken. */
    private final List<Op> ops = new ArrayList<>(List.of(
            reserve(1, "k-a", "buyer-a", Op.Outcome.OK, 201, "r-a"),
            reserve(2, "k-a", "buyer-a", Op.Outcome.OK, 200, "r-a"),
            reserve(3, "k-b", "buyer-b", Op.Outcome.OK, 201, "r-b"),
            transition(4, Op.Kind.CONFIRM, "r-b", Op.Outcome.OK, 200),
            reserve(5, "k-c", "buyer-c", Op.Outcome.OK, 201, "r-c"),
            transition(6, Op.Kind.CANCEL, "r-c", Op.Outcome.OK, 200),
            reserve(7, "k-d", "buyer-d", Op.Outcome.REFUSED, 409, null),
            reserve(8, "k-e", "buyer-e", Op.Outcome.UNKNOWN, 503, null),
            reserve(9, "k-f", "buyer-f", Op.Outcome.UNKNOWN, 0, null)));
    private final Map<String, SkuRow> skus = new HashMap<>(Map.of("SKU", new SkuRow("SKU", SALE, 3, 2, 1, 2, 1, 2)));
    private final List<ReservationRow> reservations = new ArrayList<>(List.of(
            new ReservationRow("r-a", "k-a", "SKU", "buyer-a", 1, "HELD", 1, 0),
            new ReservationRow("r-b", "k-b", "SKU", "buyer-b", 1, "CONFIRMED", 0, 1),
            new ReservationRow("r-c", "k-c", "SKU", "buyer-c", 1, "CANCELLED", 0, 0),
            new ReservationRow("r-e", "k-e", "SKU", "buyer-e", 1, "HELD", 1, 0)));
    private final Map<String, Long> counters = new HashMap<>(Map.of("SKU", 0L));

    @Test
    void aCorrectHistoryHasNoAnomalyAndItsUnknownsAreSettled() {
        Report report = check();
        assertEquals(List.of(), report.anomalies());
        assertEquals(9, report.figure("requests"));
        assertEquals(2, report.figure("unknown"));
        assertEquals(1, report.figure("5xx"));
        assertEquals(1, report.figure("errors"));
        assertEquals(1, report.figure("unknownTaken"), "k-e's reservation exists");
        assertEquals(1, report.figure("unknownNotTaken"), "k-f's does not");
    }

    @Test
    void moreUnitsPromisedThanThereAreIsAnOversell() {
        // The naive checkout's signature: a fourth live reservation, while the counts were overwritten.
        reservations.add(new ReservationRow("r-g", "k-g", "SKU", "buyer-g", 1, "HELD", 1, 0));
        ops.add(reserve(10, "k-g", "buyer-g", Op.Outcome.OK, 201, "r-g"));
        assertKinds(Set.of(Kind.OVERSOLD, Kind.LEDGER_MISMATCH));
    }

    @Test
    void countsThatDisagreeWithTheLedgerAreReported() {
        skus.put("SKU", new SkuRow("SKU", SALE, 3, 2, 1, 3, 1, 2));
        assertKinds(Set.of(Kind.LEDGER_MISMATCH));
    }

    @Test
    void unitsOfACancelledHoldGivenBackTwiceAreReported() {
        replace("r-c", new ReservationRow("r-c", "k-c", "SKU", "buyer-c", 1, "CANCELLED", -1, 0));
        assertKinds(Set.of(Kind.UNITS_NOT_RETURNED_ONCE));
    }

    @Test
    void unitsOfAnExpiredHoldNeverGivenBackAreReported() {
        replace("r-a", new ReservationRow("r-a", "k-a", "SKU", "buyer-a", 1, "EXPIRED", 1, 0));
        skus.put("SKU", new SkuRow("SKU", SALE, 3, 1, 1, 2, 1, 2));
        counters.put("SKU", 1L);
        assertKinds(Set.of(Kind.UNITS_NOT_RETURNED_ONCE, Kind.LEDGER_MISMATCH));
    }

    @Test
    void aReservationTheClientWasToldOfButThatIsGoneIsLost() {
        reservations.removeIf(row -> row.id().equals("r-a"));
        skus.put("SKU", new SkuRow("SKU", SALE, 3, 1, 1, 1, 1, 2));
        counters.put("SKU", 1L);
        assertKinds(Set.of(Kind.LOST_RESERVATION));
    }

    @Test
    void aReservationNoRequestCouldHaveMadeIsAPhantom() {
        reservations.add(new ReservationRow("r-d", "k-d", "SKU", "buyer-d", 1, "CANCELLED", 0, 0));
        assertKinds(Set.of(Kind.PHANTOM_RESERVATION));
    }

    @Test
    void aKeyWithTwoReservationsTookTwice() {
        replace("r-c", new ReservationRow("r-c", "k-a", "SKU", "buyer-a", 1, "CANCELLED", 0, 0));
        ops.removeIf(op -> op.id() == 6);
        assertKinds(Set.of(Kind.KEY_TOOK_TWICE, Kind.LOST_RESERVATION));
    }

    @Test
    void aConfirmAnsweredOkThatDidNotStickIsALostTransition() {
        replace("r-b", new ReservationRow("r-b", "k-b", "SKU", "buyer-b", 1, "EXPIRED", 0, 0));
        skus.put("SKU", new SkuRow("SKU", SALE, 3, 2, 0, 2, 0, 2));
        counters.put("SKU", 1L);
        assertKinds(Set.of(Kind.LOST_TRANSITION));
    }

    @Test
    void aCancelOfAHoldThatRanOutMeanwhileAnswersExpiredAndIsNoAnomaly() {
        replace("r-c", new ReservationRow("r-c", "k-c", "SKU", "buyer-c", 1, "EXPIRED", 0, 0));
        ops.replaceAll(op -> op.id() == 6 ? transition(6, Op.Kind.CANCEL, "r-c", Op.Outcome.OK, 200, "EXPIRED") : op);
        assertEquals(List.of(), check().anomalies());
    }

    @Test
    void aCancelToldCancelledOfAHoldThatEndedExpiredIsALostTransition() {
        replace("r-c", new ReservationRow("r-c", "k-c", "SKU", "buyer-c", 1, "EXPIRED", 0, 0));
        assertKinds(Set.of(Kind.LOST_TRANSITION));
    }

    @Test
    void anUnknownConfirmOfAReservationThatDoesNotExistIsUnresolved() {
        ops.add(transition(10, Op.Kind.CONFIRM, "r-nowhere", Op.Outcome.UNKNOWN, 0));
        assertKinds(Set.of(Kind.UNRESOLVED));
    }

    @Test
    void aBuyerPastTheCapIsReported() {
        replace("r-e", new ReservationRow("r-e", "k-e", "SKU", "buyer-a", 1, "HELD", 1, 0));
        replace("r-c", new ReservationRow("r-c", "k-c", "SKU", "buyer-a", 1, "CONFIRMED", 0, 1));
        ops.replaceAll(op -> op.key() != null && (op.key().equals("k-e") || op.key().equals("k-c"))
                ? new Op(op.id(), op.kind(), op.key(), op.sku(), "buyer-a", op.qty(), op.target(), op.invoked(),
                        op.completed(), op.outcome(), op.status(), op.problem(), op.reservationId(), op.state()) : op);
        ops.removeIf(op -> op.id() == 6);
        skus.put("SKU", new SkuRow("SKU", SALE, 4, 2, 2, 2, 2, 2));
        assertKinds(Set.of(Kind.CAP_EXCEEDED));
    }

    @Test
    void aHoldExtendedTwiceAndExpiredAfterItsNewDeadlineIsNoAnomaly() {
        extendR_aTwice(2);
        assertEquals(List.of(), check().anomalies());
        expireR_a(SECOND_DEADLINE.plusMillis(1));
        assertEquals(List.of(), check().anomalies());
    }

    @Test
    void anExtendedHoldSweptBeforeItsNewDeadlineIsReported() {
        extendR_aTwice(2);
        expireR_a(SECOND_DEADLINE.minusSeconds(1));
        assertKinds(Set.of(Kind.SWEPT_BEFORE_DEADLINE));
    }

    @Test
    void extensionsTheRequestsDoNotAccountForAreMiscounted() {
        extendR_aTwice(2);
        replace("r-a", new ReservationRow("r-a", "k-a", "SKU", "buyer-a", 1, "HELD", 1, 0, 1, SECOND_DEADLINE, null));
        assertKinds(Set.of(Kind.EXTENSIONS_MISCOUNTED));
        replace("r-a", new ReservationRow("r-a", "k-a", "SKU", "buyer-a", 1, "HELD", 1, 0, 3, SECOND_DEADLINE, null));
        assertKinds(Set.of(Kind.EXTENSIONS_MISCOUNTED));
        ops.add(extension(12, "r-a", Op.Outcome.UNKNOWN, null));
        assertKinds(Set.of(Kind.EXTENSIONS_MISCOUNTED), "three counted, two ok and one unknown, but two allowed");
        extendR_aTwice(3);
        ops.add(extension(12, "r-a", Op.Outcome.UNKNOWN, null));
        replace("r-a", new ReservationRow("r-a", "k-a", "SKU", "buyer-a", 1, "HELD", 1, 0, 3, SECOND_DEADLINE, null));
        assertEquals(List.of(), check().anomalies(), "the unknown one counted");
    }

    @Test
    void anExtensionAnsweredOkWhoseDeadlineWasLostIsALostTransition() {
        extendR_aTwice(2);
        replace("r-a", new ReservationRow("r-a", "k-a", "SKU", "buyer-a", 1, "HELD", 1, 0, 2, FIRST_DEADLINE, null));
        assertKinds(Set.of(Kind.LOST_TRANSITION));
    }

    @Test
    void aRedisCounterThatDisagreesWithPostgresIsDrift() {
        counters.put("SKU", 1L);
        assertKinds(Set.of(Kind.REDIS_DRIFT));
    }

    @Test
    void unknownOutcomesPastTheDefaultBoundFailTheRunWithTheirCountAndTheBound() {
        refusedUntil(100);
        ops.add(reserve(101, "k-x", "buyer-x", Op.Outcome.UNKNOWN, 503, null));
        ops.add(reserve(102, "k-y", "buyer-y", Op.Outcome.UNKNOWN, 0, null));
        ops.add(reserve(103, "k-z", "buyer-z", Op.Outcome.UNKNOWN, 504, null));
        assertEquals(List.of(), defaultCheck().anomalies(), "5 unknown of 103 requests: within 5%");

        ops.add(reserve(104, "k-w", "buyer-w", Op.Outcome.UNKNOWN, 0, null));
        Report report = defaultCheck();
        assertEquals(List.of(new Anomaly(Kind.TOO_MANY_UNKNOWN,
                "6 unknown outcomes of 104 requests, over the bound of 5 (5% of the requests)")), report.anomalies());
    }

    @Test
    void aScenarioStatesItsOwnBound() {
        assertTrue(HistoryChecker.check(ops, new FinalState(skus, reservations, counters), 0.05).has(Kind.TOO_MANY_UNKNOWN),
                "2 unknown of 9 requests");
        assertEquals(List.of(), HistoryChecker.check(ops, new FinalState(skus, reservations, counters), 2.0 / 9).anomalies());
        assertTrue(HistoryChecker.check(ops, new FinalState(skus, reservations, counters), 0).has(Kind.TOO_MANY_UNKNOWN));
    }

    @Test
    void requestsNoServerReadAreNotUnknownAndTookNothing() {
        ops.add(reserve(10, "k-g", "buyer-g", Op.Outcome.UNSENT, 0, null));
        ops.add(reserve(11, "k-h", "buyer-h", Op.Outcome.UNSENT, 0, null));
        Report report = check();
        assertEquals(List.of(), report.anomalies());
        assertEquals(2, report.figure("unsent"));
        assertEquals(2, report.figure("unknown"));

        reservations.add(new ReservationRow("r-g", "k-g", "SKU", "buyer-g", 1, "CANCELLED", 0, 0));
        assertKinds(Set.of(Kind.PHANTOM_RESERVATION));
    }

    /** r-a extended twice, answered ok each time, in a sale that allows {@code allowed} extensions. */
    private void extendR_aTwice(int allowed) {
        skus.put("SKU", new SkuRow("SKU", SALE, 3, 2, 1, 2, 1, 2, allowed));
        ops.removeIf(op -> op.kind() == Op.Kind.EXTEND);
        ops.add(extension(10, "r-a", Op.Outcome.OK, FIRST_DEADLINE));
        ops.add(extension(11, "r-a", Op.Outcome.OK, SECOND_DEADLINE));
        replace("r-a", new ReservationRow("r-a", "k-a", "SKU", "buyer-a", 1, "HELD", 1, 0, 2, SECOND_DEADLINE, null));
    }

    /** r-a expired by the sweeper {@code at}, its unit back. */
    private void expireR_a(Instant at) {
        ReservationRow held = reservations.stream().filter(row -> row.id().equals("r-a")).findFirst().orElseThrow();
        replace("r-a", new ReservationRow("r-a", "k-a", "SKU", "buyer-a", 1, "EXPIRED", 0, 0, held.extensions(),
                held.expiresAt(), at));
        SkuRow sku = skus.get("SKU");
        skus.put("SKU", new SkuRow("SKU", SALE, 3, 1, 1, 1, 1, 2, sku.maxExtensions()));
        counters.put("SKU", 1L);
    }

    private void assertKinds(Set<Kind> expected) {
        assertKinds(expected, "");
    }

    private void assertKinds(Set<Kind> expected, String why) {
        Report report = check();
        assertEquals(expected, report.anomalies().stream().map(Anomaly::kind).collect(Collectors.toSet()), why + " " + report);
        expected.forEach(kind -> assertTrue(report.has(kind)));
    }

    /** The hand-made history is small and mostly edge cases: up to a third of it may be unknown. */
    private Report check() {
        return HistoryChecker.check(ops, new FinalState(skus, reservations, counters), 1.0 / 3);
    }

    private Report defaultCheck() {
        return HistoryChecker.check(ops, new FinalState(skus, reservations, counters));
    }

    /** Sold-out refusals, which change nothing, until the history has {@code requests} requests. */
    private void refusedUntil(int requests) {
        for (int id = ops.size() + 1; id <= requests; id++) {
            ops.add(reserve(id, "k-late-" + id, "buyer-late-" + id, Op.Outcome.REFUSED, 409, null));
        }
    }

    private void replace(String id, ReservationRow row) {
        reservations.replaceAll(existing -> existing.id().equals(id) ? row : existing);
    }

    private static Op reserve(long id, String key, String buyer, Op.Outcome outcome, int status, String reservationId) {
        return new Op(id, Op.Kind.RESERVE, key, "SKU", buyer, 1, null, id * 10, id * 10 + 5, outcome, status,
                outcome == Op.Outcome.REFUSED ? "sold-out" : null, reservationId, reservationId == null ? null : "HELD");
    }

    private static Op extension(long id, String target, Op.Outcome outcome, Instant deadline) {
        return new Op(id, Op.Kind.EXTEND, null, null, null, 0, target, id * 10, id * 10 + 5, outcome,
                outcome == Op.Outcome.OK ? 200 : 0, null, outcome == Op.Outcome.OK ? target : null,
                outcome == Op.Outcome.OK ? "HELD" : null, deadline == null ? null : deadline.toString());
    }

    private static Op transition(long id, Op.Kind kind, String target, Op.Outcome outcome, int status) {
        return transition(id, kind, target, outcome, status, kind == Op.Kind.CONFIRM ? "CONFIRMED" : "CANCELLED");
    }

    private static Op transition(long id, Op.Kind kind, String target, Op.Outcome outcome, int status, String state) {
        return new Op(id, kind, null, null, null, 0, target, id * 10, id * 10 + 5, outcome, status, null,
                outcome == Op.Outcome.OK ? target : null, outcome == Op.Outcome.OK ? state : null);
    }


    @Test
    void everyTransitionsEventDeliveredAtLeastOnceAndNoneUnfounded() {
        FinalState state = new FinalState(skus, reservations, counters);
        Set<String> subscribed = Set.of("reservation.confirmed", "reservation.cancelled", "hold.expired");
        List<DeliveredEvent> received = new ArrayList<>(List.of(
                new DeliveredEvent("reservation.confirmed", "r-b", false, true),
                new DeliveredEvent("reservation.confirmed", "r-b", true, true),
                new DeliveredEvent("reservation.confirmed", "r-b", true, true),
                new DeliveredEvent("reservation.cancelled", "r-c", true, true),
                new DeliveredEvent("hold.expired", "r-elsewhere", true, true)));
        assertEquals(List.of(), HistoryChecker.checkEvents(state, subscribed, received), "refused, then delivered twice: at least once");

        received.removeIf(event -> event.type().equals("reservation.cancelled"));
        assertEquals(List.of(Kind.EVENT_NOT_DELIVERED), kinds(HistoryChecker.checkEvents(state, subscribed, received)));
        assertEquals(List.of(), HistoryChecker.checkEvents(state, Set.of("reservation.confirmed"), received),
                "an event nobody subscribed to is not owed");

        received.add(new DeliveredEvent("reservation.cancelled", "r-c", true, true));
        received.add(new DeliveredEvent("reservation.confirmed", "r-a", false, true));
        assertEquals(List.of(Kind.EVENT_UNFOUNDED), kinds(HistoryChecker.checkEvents(state, subscribed, received)),
                "a held reservation announced as paid, even in a refused request");

        received.remove(received.size() - 1);
        received.add(new DeliveredEvent("hold.expired", "r-b", true, true));
        assertEquals(List.of(), HistoryChecker.checkEvents(state, subscribed, received), "expired, then paid late");

        received.add(new DeliveredEvent("reservation.cancelled", "r-c", true, false));
        assertEquals(List.of(Kind.EVENT_UNSIGNED), kinds(HistoryChecker.checkEvents(state, subscribed, received)));
    }

    private static List<Kind> kinds(List<Anomaly> anomalies) {
        return anomalies.stream().map(Anomaly::kind).toList();
    }
}
