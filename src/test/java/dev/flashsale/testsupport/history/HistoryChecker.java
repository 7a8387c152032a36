package dev.flashsale.testsupport.history;

import dev.flashsale.testsupport.history.Anomaly.Kind;
import dev.flashsale.testsupport.history.FinalState.ReservationRow;
import dev.flashsale.testsupport.history.FinalState.SkuRow;
import java.math.BigDecimal;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * Judges a recorded history against the final state, in the manner of Jepsen's checkers: every
 * answer a client was given must be true of the final state, and the final state must hold nothing
 * no request could have made. Unknown outcomes are settled by the final state, up to a stated
 * bound on how many there may be; the rest follows the product's promise: no unit sold twice,
 * none lost, none frozen for good. A history is one storefront key's (every recorded scenario
 * sends one): idempotency keys are unique per storefront key, so the reservations of a SKU are
 * grouped by their key alone, which holds as long as no other key reserves the history's SKUs.
 */
public final class HistoryChecker {

    /**
     * The bound on unknown outcomes that {@link #check(List, FinalState)} applies: at most one
     * request in twenty. A run without a fault has none; a scenario whose fault answers more
     * requests with 5xx or timeouts states its own bound.
     */
    public static final double UNKNOWN_SHARE_MAX = 0.05;

    /**
     * The bound for a scenario whose fault answers its crowd's requests with 503 for seconds (a
     * PostgreSQL restart, a dead Redis master): at most one request in four unknown.
     */
    public static final double UNKNOWN_SHARE_MAX_UNDER_FAULT = 0.25;

    private static final Set<String> LIVE = Set.of("HELD", "CONFIRMED");

    private HistoryChecker() {
    }

    /** The history judged with at most {@link #UNKNOWN_SHARE_MAX} of its requests unknown. */
    public static Report check(List<Op> ops, FinalState state) {
        return check(ops, state, UNKNOWN_SHARE_MAX);
    }

    /**
     * @param unknownShareMax the share of the history's requests (0 to 1) whose outcome may be
     *                        unknown; past it the run is reported as {@link Kind#TOO_MANY_UNKNOWN}
     */
    public static Report check(List<Op> ops, FinalState state, double unknownShareMax) {
        if (!(unknownShareMax >= 0 && unknownShareMax <= 1)) {
            throw new IllegalArgumentException("unknownShareMax is a share from 0 to 1: " + unknownShareMax);
        }
        List<Anomaly> anomalies = new ArrayList<>();
        unknownsBounded(ops, unknownShareMax, anomalies);
        Map<String, ReservationRow> byId = state.reservations().stream()
                .collect(Collectors.toMap(ReservationRow::id, row -> row));
        Map<String, List<ReservationRow>> byKey = state.reservations().stream()
                .collect(Collectors.groupingBy(ReservationRow::key));

        countsHold(state, anomalies);
        state.reservations().forEach(row -> ledgerOfReservation(row, anomalies));
        byKey.forEach((key, rows) -> {
            if (rows.size() > 1) {
                anomalies.add(new Anomaly(Kind.KEY_TOOK_TWICE, key + " holds " + rows.size() + " reservations"));
            }
        });
        Map<String, List<Op>> reservesByKey = ops.stream().filter(op -> op.kind() == Op.Kind.RESERVE)
                .collect(Collectors.groupingBy(Op::key));
        for (ReservationRow row : state.reservations()) {
            boolean asked = reservesByKey.getOrDefault(row.key(), List.of()).stream()
                    .anyMatch(op -> op.mayHaveReserved(row.key(), row.sku(), row.buyer(), row.qty()));
            if (!asked) {
                anomalies.add(new Anomaly(Kind.PHANTOM_RESERVATION, row.id() + " (key " + row.key() + ")"));
            }
        }
        long takenUnknown = 0;
        long untakenUnknown = 0;
        long settled = 0;
        for (Op op : ops) {
            switch (op.kind()) {
                case RESERVE -> {
                    if (op.outcome() == Op.Outcome.OK) {
                        // An answer without the reservation (a foil's) is held to its key.
                        List<ReservationRow> ofKey = byKey.getOrDefault(op.key(), List.of());
                        reservationToldOf(op, op.reservationId() != null ? byId.get(op.reservationId())
                                : ofKey.isEmpty() ? null : ofKey.get(0), anomalies);
                    } else if (op.outcome() == Op.Outcome.UNKNOWN) {
                        if (byKey.containsKey(op.key())) {
                            takenUnknown++;
                        } else {
                            untakenUnknown++;
                        }
                    }
                }
                case CONFIRM -> transitionToldOf(op, byId.get(op.target()), Set.of("CONFIRMED"), anomalies);
                case CANCEL -> transitionToldOf(op, byId.get(op.target()), Set.of("CANCELLED", "EXPIRED"), anomalies);
                case EXTEND -> extensionToldOf(op, byId.get(op.target()), anomalies);
            }
            if (op.outcome() == Op.Outcome.UNKNOWN && (op.kind() == Op.Kind.RESERVE || byId.containsKey(op.target()))) {
                settled++;
            }
        }
        extensionsCounted(ops, state, anomalies);
        capsHold(state, anomalies);
        state.redisCounters().forEach((sku, counter) -> {
            SkuRow row = state.skus().get(sku);
            long available = row.total() - row.held() - row.sold();
            if (counter != available) {
                anomalies.add(new Anomaly(Kind.REDIS_DRIFT, sku + ": Redis " + counter + ", PostgreSQL " + available));
            }
        });
        return new Report(anomalies, figures(ops, takenUnknown, untakenUnknown, settled));
    }

    /**
     * The webhook events of the history's reservations against their final state: every
     * transition the final state shows, of a kind in {@code subscribed}, delivered (answered 2xx)
     * at least once; none received that the final state does not bear out (a hold announced
     * expired may have been paid late since); every request signed. Repeats are allowed: delivery
     * is at least once. Events of reservations outside the final state are not the history's.
     */
    public static List<Anomaly> checkEvents(FinalState state, Set<String> subscribed, List<DeliveredEvent> received) {
        List<Anomaly> anomalies = new ArrayList<>();
        Map<String, String> statusOf = state.reservations().stream()
                .collect(Collectors.toMap(ReservationRow::id, ReservationRow::status));
        Set<String> delivered = received.stream().filter(DeliveredEvent::accepted)
                .map(event -> event.type() + " " + event.reservationId()).collect(Collectors.toSet());
        for (ReservationRow row : state.reservations()) {
            String type = EVENT_OF_STATUS.get(row.status());
            if (type != null && subscribed.contains(type) && !delivered.contains(type + " " + row.id())) {
                anomalies.add(new Anomaly(Kind.EVENT_NOT_DELIVERED, type + " of " + row.id()));
            }
        }
        for (DeliveredEvent event : received) {
            String status = statusOf.get(event.reservationId());
            if (status == null) {
                continue;
            }
            if (!STATUSES_OF_EVENT.getOrDefault(event.type(), Set.of()).contains(status)) {
                anomalies.add(new Anomaly(Kind.EVENT_UNFOUNDED, event.type() + " of " + event.reservationId() + ", which is " + status));
            }
            if (!event.signed()) {
                anomalies.add(new Anomaly(Kind.EVENT_UNSIGNED, event.type() + " of " + event.reservationId()));
            }
        }
        return anomalies;
    }

    private static final Map<String, String> EVENT_OF_STATUS = Map.of(
            "CONFIRMED", "reservation.confirmed", "CANCELLED", "reservation.cancelled", "EXPIRED", "hold.expired");
    private static final Map<String, Set<String>> STATUSES_OF_EVENT = Map.of(
            "reservation.confirmed", Set.of("CONFIRMED"), "reservation.cancelled", Set.of("CANCELLED"),
            "hold.expired", Set.of("EXPIRED", "CONFIRMED"), "hold.expiring", Set.of("HELD", "CONFIRMED", "CANCELLED", "EXPIRED"));

    private static void unknownsBounded(List<Op> ops, double unknownShareMax, List<Anomaly> anomalies) {
        long unknown = ops.stream().filter(op -> op.outcome() == Op.Outcome.UNKNOWN).count();
        long bound = (long) Math.floor(unknownShareMax * ops.size());
        if (unknown > bound) {
            anomalies.add(new Anomaly(Kind.TOO_MANY_UNKNOWN, unknown + " unknown outcomes of " + ops.size()
                    + " requests, over the bound of " + bound + " (" + percent(unknownShareMax) + " of the requests)"));
        }
    }

    private static String percent(double share) {
        return BigDecimal.valueOf(share).movePointRight(2).stripTrailingZeros().toPlainString() + "%";
    }

    private static void countsHold(FinalState state, List<Anomaly> anomalies) {
        for (SkuRow sku : state.skus().values()) {
            List<ReservationRow> of = state.reservations().stream().filter(row -> row.sku().equals(sku.sku())).toList();
            long promised = of.stream().filter(row -> LIVE.contains(row.status())).mapToLong(ReservationRow::qty).sum();
            long held = of.stream().filter(row -> row.status().equals("HELD")).mapToLong(ReservationRow::qty).sum();
            long sold = of.stream().filter(row -> row.status().equals("CONFIRMED")).mapToLong(ReservationRow::qty).sum();
            if (promised > sku.total() || sku.held() + sku.sold() > sku.total()) {
                anomalies.add(new Anomaly(Kind.OVERSOLD, sku.sku() + ": " + promised + " units held or sold by reservations, "
                        + (sku.held() + sku.sold()) + " by the counts, of " + sku.total()));
            }
            if (held != sku.held() || sold != sku.sold() || sku.heldByLedger() != sku.held() || sku.soldByLedger() != sku.sold()) {
                anomalies.add(new Anomaly(Kind.LEDGER_MISMATCH, sku.sku() + ": held " + sku.held() + " (reservations " + held
                        + ", ledger " + sku.heldByLedger() + "), sold " + sku.sold() + " (reservations " + sold
                        + ", ledger " + sku.soldByLedger() + ")"));
            }
        }
    }

    /** HELD: its units held once. CONFIRMED: sold once. CANCELLED, EXPIRED: held, then given back, once. */
    private static void ledgerOfReservation(ReservationRow row, List<Anomaly> anomalies) {
        long heldNow = row.status().equals("HELD") ? row.qty() : 0;
        long soldNow = row.status().equals("CONFIRMED") ? row.qty() : 0;
        if (row.heldDelta() != heldNow || row.soldDelta() != soldNow) {
            anomalies.add(new Anomaly(Kind.UNITS_NOT_RETURNED_ONCE, row.id() + " " + row.status() + " of " + row.qty()
                    + " unit(s): its ledger leaves " + row.heldDelta() + " held and " + row.soldDelta() + " sold"));
        }
    }

    private static void reservationToldOf(Op op, ReservationRow row, List<Anomaly> anomalies) {
        if (row == null || !row.key().equals(op.key()) || !row.sku().equals(op.sku()) || !row.buyer().equals(op.buyer())
                || row.qty() != op.qty()) {
            anomalies.add(new Anomaly(Kind.LOST_RESERVATION, "request " + op.id() + " (key " + op.key() + ") was told "
                    + op.reservationId() + ", the final state has " + row));
        }
    }

    /**
     * A confirm or cancel answered ok: the reservation ends as the answer said, and that is an end
     * the request may lead to (a cancel of a hold that ran out meanwhile answers EXPIRED).
     */
    private static void transitionToldOf(Op op, ReservationRow row, Set<String> ends, List<Anomaly> anomalies) {
        if (row == null) {
            if (op.outcome().mayHaveActed()) {
                anomalies.add(new Anomaly(op.outcome() == Op.Outcome.OK ? Kind.LOST_TRANSITION : Kind.UNRESOLVED,
                        op.kind() + " of " + op.target() + ": no such reservation"));
            }
        } else if (op.outcome() == Op.Outcome.OK) {
            String told = op.state() == null ? row.status() : op.state();
            if (!ends.contains(told) || !row.status().equals(told)) {
                anomalies.add(new Anomaly(Kind.LOST_TRANSITION, op.kind() + " of " + row.id() + " answered ok ("
                        + op.state() + "), it is " + row.status()));
            }
        }
    }

    /**
     * An extension answered ok: its reservation exists, and if it expired, not before the deadline
     * the answer told (deadlines only move later, so its final one is no earlier either).
     */
    private static void extensionToldOf(Op op, ReservationRow row, List<Anomaly> anomalies) {
        if (row == null) {
            if (op.outcome().mayHaveActed()) {
                anomalies.add(new Anomaly(op.outcome() == Op.Outcome.OK ? Kind.LOST_TRANSITION : Kind.UNRESOLVED,
                        op.kind() + " of " + op.target() + ": no such reservation"));
            }
            return;
        }
        if (op.outcome() != Op.Outcome.OK || op.deadline() == null || row.expiresAt() == null) {
            return;
        }
        Instant told = Instant.parse(op.deadline());
        if (row.expiresAt().isBefore(told)) {
            anomalies.add(new Anomaly(Kind.LOST_TRANSITION, "EXTEND of " + row.id() + " answered ok until " + told
                    + ", its deadline is " + row.expiresAt()));
        }
        if (row.expiredAt() != null && row.expiredAt().isBefore(told)) {
            anomalies.add(new Anomaly(Kind.SWEPT_BEFORE_DEADLINE, row.id() + " expired at " + row.expiredAt()
                    + ", before " + told + ", which an extension was told"));
        }
    }

    /**
     * Every hold expired at or after its deadline, and its extensions are those its requests
     * account for (at least the ones answered ok, at most those and the unknown ones) and within
     * its sale's allowance.
     */
    private static void extensionsCounted(List<Op> ops, FinalState state, List<Anomaly> anomalies) {
        Map<String, Long> ok = new HashMap<>();
        Map<String, Long> unknown = new HashMap<>();
        for (Op op : ops) {
            if (op.kind() == Op.Kind.EXTEND && op.outcome() == Op.Outcome.OK) {
                ok.merge(op.target(), 1L, Long::sum);
            } else if (op.kind() == Op.Kind.EXTEND && op.outcome() == Op.Outcome.UNKNOWN) {
                unknown.merge(op.target(), 1L, Long::sum);
            }
        }
        for (ReservationRow row : state.reservations()) {
            if (row.expiredAt() != null && row.expiresAt() != null && row.expiredAt().isBefore(row.expiresAt())) {
                anomalies.add(new Anomaly(Kind.SWEPT_BEFORE_DEADLINE, row.id() + " expired at " + row.expiredAt()
                        + ", before its deadline " + row.expiresAt()));
            }
            long told = ok.getOrDefault(row.id(), 0L);
            long most = told + unknown.getOrDefault(row.id(), 0L);
            int allowed = state.skus().get(row.sku()).maxExtensions();
            if (row.extensions() < told || row.extensions() > most || row.extensions() > allowed) {
                anomalies.add(new Anomaly(Kind.EXTENSIONS_MISCOUNTED, row.id() + " counts " + row.extensions()
                        + " extension(s): " + told + " answered ok, " + (most - told) + " unknown, " + allowed + " allowed"));
            }
        }
    }

    private static void capsHold(FinalState state, List<Anomaly> anomalies) {
        Map<String, Long> unitsOfBuyer = new HashMap<>();
        for (ReservationRow row : state.reservations()) {
            if (LIVE.contains(row.status())) {
                unitsOfBuyer.merge(state.skus().get(row.sku()).saleId() + " " + row.buyer(), (long) row.qty(), Long::sum);
            }
        }
        Map<String, Integer> capOfSale = new HashMap<>();
        state.skus().values().forEach(sku -> capOfSale.put(sku.saleId(), sku.capPerBuyer()));
        unitsOfBuyer.forEach((saleAndBuyer, units) -> {
            int cap = capOfSale.get(saleAndBuyer.substring(0, saleAndBuyer.indexOf(' ')));
            if (cap > 0 && units > cap) {
                anomalies.add(new Anomaly(Kind.CAP_EXCEEDED, saleAndBuyer + " has " + units + " of a cap of " + cap));
            }
        });
    }

    private static Map<String, Long> figures(List<Op> ops, long takenUnknown, long untakenUnknown, long settled) {
        Map<String, Long> figures = new LinkedHashMap<>();
        figures.put("requests", (long) ops.size());
        for (Op.Outcome outcome : Op.Outcome.values()) {
            figures.put(outcome.name().toLowerCase(), ops.stream().filter(op -> op.outcome() == outcome).count());
        }
        figures.put("5xx", ops.stream().filter(op -> op.status() >= 500).count());
        figures.put("errors", ops.stream().filter(op -> op.outcome() == Op.Outcome.UNKNOWN && op.status() == 0).count());
        figures.put("unknownTaken", takenUnknown);
        figures.put("unknownNotTaken", untakenUnknown);
        figures.put("unknownSettled", settled);
        return figures;
    }
}
