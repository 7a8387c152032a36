package dev.flashsale.testsupport.history;

import dev.flashsale.testsupport.history.Anomaly.Kind;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Judges the reserves and confirms of a history against time: the merchandiser's changes to a
 * sale, and each hold's deadline. A reserve that made a new reservation (201) cannot have begun
 * after a pause of its sale had been answered and ended before the next opening was asked for,
 * nor after a close had been answered (PostgreSQL's claim reads the sale's status). A hold cannot
 * be refused or ended as expired before its hold time has run from the reserve's invocation (its
 * deadline is PostgreSQL's {@code now()} at the claim plus the hold time), less an allowance for
 * the machine's clocks.
 */
public final class SaleTimelineChecker {

    private SaleTimelineChecker() {
    }

    /**
     * @param holdNanosOfSku  the hold time of each SKU's sale, in nanoseconds
     * @param allowanceNanos  how much sooner than its deadline a hold may be seen expired
     */
    public static List<Anomaly> check(List<Op> ops, List<SaleChange> changes, FinalState state,
                                      Map<String, Long> holdNanosOfSku, long allowanceNanos) {
        List<Anomaly> anomalies = new ArrayList<>();
        List<SaleChange> ordered = changes.stream().sorted(Comparator.comparingLong(SaleChange::invoked)).toList();
        Map<String, Op> madeBy = new HashMap<>();
        for (Op op : ops) {
            if (op.kind() == Op.Kind.RESERVE && op.status() == 201) {
                String saleId = state.skus().get(op.sku()).saleId();
                notOpenAt(op, saleId, ordered).ifPresent(change -> anomalies.add(new Anomaly(Kind.RESERVED_WHILE_NOT_OPEN,
                        "request " + op.id() + " (key " + op.key() + ") made " + op.reservationId() + " after "
                                + change.kind() + " " + change.id() + " of sale " + saleId)));
                if (op.reservationId() != null) {
                    madeBy.put(op.reservationId(), op);
                }
            }
        }
        for (Op op : ops) {
            boolean seenExpired = op.kind() == Op.Kind.CONFIRM && "hold-expired".equals(op.problem())
                    || op.kind() == Op.Kind.CANCEL && "EXPIRED".equals(op.state());
            Op made = madeBy.get(op.target());
            if (seenExpired && made != null) {
                long deadline = made.invoked() + holdNanosOfSku.getOrDefault(made.sku(), 0L);
                if (op.completed() < deadline - allowanceNanos) {
                    anomalies.add(new Anomaly(Kind.EARLY_EXPIRY, op.kind() + " " + op.id() + " of " + op.target()
                            + " saw it expired " + (deadline - op.completed()) / 1_000_000 + " ms before its deadline"));
                }
            }
        }
        return anomalies;
    }

    /** The pause or close that certainly had the sale not open for the whole of the request, if any. */
    private static Optional<SaleChange> notOpenAt(Op op, String saleId, List<SaleChange> ordered) {
        SaleChange stopped = null;
        for (SaleChange change : ordered) {
            if (!change.saleId().equals(saleId) || change.invoked() > op.completed()) {
                continue;
            }
            boolean stops = (change.kind() == SaleChange.Kind.PAUSE || change.kind() == SaleChange.Kind.CLOSE) && change.took();
            if (stops && change.completed() <= op.invoked()) {
                stopped = change;
            } else if (change.kind() == SaleChange.Kind.OPEN && change.outcome().mayHaveActed()
                    && (stopped == null || stopped.kind() == SaleChange.Kind.PAUSE)) {
                stopped = null;
            }
        }
        return Optional.ofNullable(stopped);
    }
}
