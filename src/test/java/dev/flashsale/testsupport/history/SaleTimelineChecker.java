package dev.flashsale.testsupport.history;

import dev.flashsale.testsupport.history.Anomaly.Kind;
import java.time.Duration;
import java.time.Instant;
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
 * be refused or ended (a payment refused, a cancel answered EXPIRED, an extension refused) as
 * expired before its hold time has run from the reserve's invocation (its deadline is PostgreSQL's
 * {@code now()} at the claim plus the hold time), plus what the extensions answered before the
 * request began added to it (the deadlines they told less the reserve's, both PostgreSQL's clock),
 * less an allowance for the machine's clocks.
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
        Map<String, List<Op>> extensionsOf = new HashMap<>();
        for (Op op : ops) {
            if (op.kind() == Op.Kind.EXTEND && op.outcome() == Op.Outcome.OK && op.deadline() != null) {
                extensionsOf.computeIfAbsent(op.target(), target -> new ArrayList<>()).add(op);
            }
        }
        for (Op op : ops) {
            boolean seenExpired = (op.kind() == Op.Kind.CONFIRM || op.kind() == Op.Kind.EXTEND) && "hold-expired".equals(op.problem())
                    || op.kind() == Op.Kind.CANCEL && "EXPIRED".equals(op.state());
            Op made = madeBy.get(op.target());
            if (seenExpired && made != null) {
                long deadline = made.invoked() + holdNanosOfSku.getOrDefault(made.sku(), 0L)
                        + extendedNanos(made, extensionsOf.getOrDefault(op.target(), List.of()), op.invoked());
                if (op.completed() < deadline - allowanceNanos) {
                    anomalies.add(new Anomaly(Kind.EARLY_EXPIRY, op.kind() + " " + op.id() + " of " + op.target()
                            + " saw it expired " + (deadline - op.completed()) / 1_000_000 + " ms before its deadline"));
                }
            }
        }
        return anomalies;
    }

    /** How much later than the reserve's the deadline told by the last extension answered before {@code before} is. */
    private static long extendedNanos(Op made, List<Op> extensions, long before) {
        if (made.deadline() == null) {
            return 0;
        }
        Instant first = Instant.parse(made.deadline());
        return extensions.stream().filter(extension -> extension.completed() <= before)
                .mapToLong(extension -> Duration.between(first, Instant.parse(extension.deadline())).toNanos())
                .max().orElse(0);
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
