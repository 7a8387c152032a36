package dev.flashsale.testsupport.history;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.flashsale.testsupport.history.Anomaly.Kind;
import dev.flashsale.testsupport.history.FinalState.ReservationRow;
import dev.flashsale.testsupport.history.FinalState.SkuRow;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The campaign's checks on hand-made histories: the room's (one ticket per buyer, one per token,
 * one reservation per token, no more admitted buyers reserving than units) and the timeline's
 * (no new reservation while the sale is paused or closed, no hold expired before its deadline).
 */
class CampaignCheckersTest {

    private static final long SECOND = 1_000_000_000L;
    private static final Map<String, String> ROOM = Map.of("sale-r", "ROOM");

    private final List<RoomOp> roomOps = new ArrayList<>(List.of(
            room(1, RoomOp.Kind.TAKE, "buyer-a", "t-a", "WAITING", null),
            room(2, RoomOp.Kind.POLL, "buyer-a", "t-a", "ADMITTED", "token-a"),
            room(3, RoomOp.Kind.TAKE, "buyer-b", "t-b", "ADMITTED", "token-b")));
    private final Map<String, String> tokens = new HashMap<>(Map.of("k-a", "token-a", "k-b", "token-b"));
    private final List<ReservationRow> reservations = new ArrayList<>(List.of(
            new ReservationRow("r-a", "k-a", "ROOM", "buyer-a", 1, "CONFIRMED", 0, 1),
            new ReservationRow("r-b", "k-b", "ROOM", "buyer-b", 1, "HELD", 1, 0)));

    @Test
    void aRoomThatKeptItsRulesHasNoAnomaly() {
        assertEquals(List.of(), roomCheck(2));
    }

    @Test
    void aSecondTicketForOneBuyerIsReported() {
        roomOps.add(room(4, RoomOp.Kind.TAKE, "buyer-a", "t-a2", "WAITING", null));
        assertEquals(List.of(Kind.TICKET_TWICE), kinds(roomCheck(2)));
    }

    @Test
    void oneTokenNamedForTwoTicketsIsReported() {
        roomOps.add(room(4, RoomOp.Kind.POLL, "buyer-c", "t-c", "ADMITTED", "token-a"));
        assertEquals(List.of(Kind.TICKET_TWICE), kinds(roomCheck(3)));
    }

    @Test
    void oneTokenThatMadeTwoReservationsIsReported() {
        tokens.put("k-a2", "token-a");
        reservations.add(new ReservationRow("r-a2", "k-a2", "ROOM", "buyer-a", 1, "HELD", 1, 0));
        assertEquals(List.of(Kind.TOKEN_USED_TWICE), kinds(roomCheck(3)));
    }

    @Test
    void moreAdmittedBuyersReservingThanUnitsAndUnitsGivenBackIsReported() {
        assertEquals(List.of(Kind.ADMITTED_BEYOND_UNITS), kinds(roomCheck(1)));
        reservations.add(new ReservationRow("r-c", "k-c", "ROOM", "buyer-c", 1, "EXPIRED", 0, 0));
        tokens.put("k-c", "token-c");
        assertEquals(List.of(Kind.ADMITTED_BEYOND_UNITS), kinds(roomCheck(1)), "3 reserved of 1 unit and 1 given back");
        reservations.add(new ReservationRow("r-d", "k-d", "ROOM", "buyer-d", 1, "CANCELLED", 0, 0));
        tokens.put("k-d", "token-d");
        assertEquals(List.of(Kind.ADMITTED_BEYOND_UNITS), kinds(roomCheck(1)), "4 reserved of 1 unit and 2 given back");
        assertEquals(List.of(), roomCheck(2), "4 reserved of 2 units and 2 given back");
    }

    @Test
    void aNewReservationAfterAPauseWasAnsweredIsReportedUntilTheSaleOpensAgain() {
        List<SaleChange> changes = List.of(change(1, SaleChange.Kind.PAUSE, 10, 20), change(2, SaleChange.Kind.OPEN, 50, 60));
        assertEquals(List.of(), timeline(List.of(reserve(3, 15, 30, 201)), changes), "began before the pause was answered");
        assertEquals(List.of(Kind.RESERVED_WHILE_NOT_OPEN), kinds(timeline(List.of(reserve(3, 25, 45, 201)), changes)));
        assertEquals(List.of(), timeline(List.of(reserve(3, 25, 55, 201)), changes), "ended after the opening was asked for");
        assertEquals(List.of(), timeline(List.of(reserve(3, 25, 45, 200)), changes), "a replay of an earlier reservation");
    }

    @Test
    void aNewReservationAfterACloseIsReportedWhateverFollows() {
        List<SaleChange> changes = List.of(change(1, SaleChange.Kind.CLOSE, 10, 20), change(2, SaleChange.Kind.OPEN, 50, 60));
        assertEquals(List.of(Kind.RESERVED_WHILE_NOT_OPEN), kinds(timeline(List.of(reserve(3, 55, 70, 201)), changes)));
    }

    @Test
    void aHoldSeenExpiredBeforeItsDeadlineIsReported() {
        Op made = reserve(1, 0, SECOND / 10, 201);
        Op lateConfirm = new Op(2, Op.Kind.CONFIRM, null, null, null, 0, "r-1", 3 * SECOND, 3 * SECOND + 5, Op.Outcome.REFUSED,
                409, "hold-expired", null, null);
        Op earlyConfirm = new Op(2, Op.Kind.CONFIRM, null, null, null, 0, "r-1", SECOND, SECOND + 5, Op.Outcome.REFUSED, 409,
                "hold-expired", null, null);
        Op earlyCancel = new Op(2, Op.Kind.CANCEL, null, null, null, 0, "r-1", SECOND, SECOND + 5, Op.Outcome.OK, 200, null,
                "r-1", "EXPIRED");
        assertEquals(List.of(), timeline(List.of(made, lateConfirm), List.of()));
        assertEquals(List.of(Kind.EARLY_EXPIRY), kinds(timeline(List.of(made, earlyConfirm), List.of())));
        assertEquals(List.of(Kind.EARLY_EXPIRY), kinds(timeline(List.of(made, earlyCancel), List.of())));
    }

    @Test
    void anExtendedHoldSeenExpiredBeforeItsNewDeadlineIsReported() {
        Op made = new Op(1, Op.Kind.RESERVE, "k-1", "SKU", "buyer-1", 1, null, 0, SECOND / 10, Op.Outcome.OK, 201, null, "r-1",
                "HELD", "2026-12-04T10:00:02Z");
        Op extended = new Op(2, Op.Kind.EXTEND, null, null, null, 0, "r-1", SECOND, SECOND + 5, Op.Outcome.OK, 200, null, "r-1",
                "HELD", "2026-12-04T10:00:05Z");
        Op confirmAt3 = new Op(3, Op.Kind.CONFIRM, null, null, null, 0, "r-1", 3 * SECOND, 3 * SECOND + 5, Op.Outcome.REFUSED,
                409, "hold-expired", null, null);
        Op extendAt3 = new Op(3, Op.Kind.EXTEND, null, null, null, 0, "r-1", 3 * SECOND, 3 * SECOND + 5, Op.Outcome.REFUSED,
                409, "hold-expired", null, null);
        Op extendAt1 = new Op(2, Op.Kind.EXTEND, null, null, null, 0, "r-1", SECOND, SECOND + 5, Op.Outcome.REFUSED,
                409, "hold-expired", null, null);
        assertEquals(List.of(), timeline(List.of(made, confirmAt3), List.of()), "past the reserve's deadline, never extended");
        assertEquals(List.of(Kind.EARLY_EXPIRY), kinds(timeline(List.of(made, extended, confirmAt3), List.of())),
                "3 s into a hold extended to 5 s");
        assertEquals(List.of(Kind.EARLY_EXPIRY), kinds(timeline(List.of(made, extended, extendAt3), List.of())));
        assertEquals(List.of(Kind.EARLY_EXPIRY), kinds(timeline(List.of(made, extendAt1), List.of())), "an extension refused at 1 s of 2");
        Op confirmAt6 = new Op(3, Op.Kind.CONFIRM, null, null, null, 0, "r-1", 6 * SECOND, 6 * SECOND + 5, Op.Outcome.REFUSED,
                409, "hold-expired", null, null);
        assertEquals(List.of(), timeline(List.of(made, extended, confirmAt6), List.of()), "past the new deadline");
        Op extendedLate = new Op(2, Op.Kind.EXTEND, null, null, null, 0, "r-1", 2 * SECOND, 4 * SECOND, Op.Outcome.OK, 200, null,
                "r-1", "HELD", "2026-12-04T10:00:05Z");
        assertEquals(List.of(), timeline(List.of(made, extendedLate, confirmAt3), List.of()),
                "an extension answered after the payment began may have come after the payment's refusal");
        Op replay = new Op(1, Op.Kind.RESERVE, "k-1", "SKU", "buyer-1", 1, null, 0, SECOND / 10, Op.Outcome.OK, 201, null, "r-1",
                "HELD", null);
        assertEquals(List.of(), timeline(List.of(replay, extended, confirmAt3), List.of()),
                "no deadline told at the reserve: the extensions are not counted (the check only weakens)");
    }

    @Test
    void aUnitLeftFreeWhileBuyersWaitIsReported() {
        assertEquals(List.of(Kind.RETURNED_UNIT_NOT_REOFFERED), kinds(reoffered(10, 9, 0, 3)), "one unit free, three waiting");
        assertEquals(List.of(), reoffered(10, 9, 1, 3), "the free unit offered to an admitted buyer");
        assertEquals(List.of(), reoffered(10, 10, 0, 3), "every unit sold");
        assertEquals(List.of(), reoffered(10, 7, 0, 0), "units free, nobody waiting");
    }

    @Test
    void returnedUnitsAreJudgedOnlyOnceEveryHoldEnded() {
        FinalState holding = new FinalState(Map.of("ROOM", new SkuRow("ROOM", "sale-r", 10, 1, 8, 1, 8, 0)), List.of(), Map.of());
        assertThrows(IllegalStateException.class, () -> RoomChecker.returnedUnitsReoffered("ROOM", 3, 0, holding));
    }

    private static List<Anomaly> reoffered(long units, long sold, long offered, long waiting) {
        FinalState state = new FinalState(Map.of("ROOM", new SkuRow("ROOM", "sale-r", units, 0, sold, 0, sold, 0)), List.of(), Map.of());
        return RoomChecker.returnedUnitsReoffered("ROOM", waiting, offered, state);
    }

    private List<Anomaly> roomCheck(long units) {
        FinalState state = new FinalState(Map.of("ROOM", new SkuRow("ROOM", "sale-r", units, 0, 0, 0, 0, 0)), reservations, Map.of());
        return RoomChecker.check(roomOps, tokens, ROOM, state);
    }

    private static List<Anomaly> timeline(List<Op> ops, List<SaleChange> changes) {
        FinalState state = new FinalState(Map.of("SKU", new SkuRow("SKU", "sale-1", 10, 0, 0, 0, 0, 0)), List.of(), Map.of());
        return SaleTimelineChecker.check(ops, changes, state, Map.of("SKU", 2 * SECOND), SECOND / 4);
    }

    private static List<Kind> kinds(List<Anomaly> anomalies) {
        return anomalies.stream().map(Anomaly::kind).toList();
    }

    private static RoomOp room(long id, RoomOp.Kind kind, String buyer, String ticket, String status, String token) {
        return new RoomOp(id, kind, "sale-r", buyer, ticket, id * 10, id * 10 + 5, Op.Outcome.OK, kind == RoomOp.Kind.TAKE ? 201 : 200,
                status, token);
    }

    private static SaleChange change(long id, SaleChange.Kind kind, long invoked, long completed) {
        return new SaleChange(id, kind, "sale-1", invoked, completed, Op.Outcome.OK, 200, 0);
    }

    private static Op reserve(long id, long invoked, long completed, int status) {
        return new Op(id, Op.Kind.RESERVE, "k-" + id, "SKU", "buyer-" + id, 1, null, invoked, completed, Op.Outcome.OK, status,
                null, "r-" + id, "HELD");
    }
}
