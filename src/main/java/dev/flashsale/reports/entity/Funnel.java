package dev.flashsale.reports.entity;

import java.time.Instant;
import java.util.Collections;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;
import java.util.stream.Stream;

/**
 * What happened to a SKU's units (or a whole sale's) from its reservations and its ledger: how
 * many buyers held a unit, the reservations, the holds still held, and those paid, cancelled and
 * run out as the ledger recorded them (a hold paid late under RECLAIM ran out and was paid), the
 * units held, returned (cancelled or
 * expired), sold and taken again (held once more after they came back), the share of
 * reservations paid for, the first hold, the moment it sold out (null: never) and the last
 * payment, and the reserves refused, by reason (the problem type's slug; counted by the nodes as
 * they answer, a lower bound).
 */
public record Funnel(int units, long buyers, long reservations, long held, long confirmed, long cancelled, long expired,
                     long unitsHeld, long unitsReturned, long unitsSold, long unitsTakenAgain, Double paidShare,
                     Instant firstHold, Instant soldOut, Instant lastPayment, Map<String, Long> refusals) {

    /** This funnel with the refusals counted for it. */
    public Funnel withRefusals(Map<String, Long> counted) {
        return new Funnel(units, buyers, reservations, held, confirmed, cancelled, expired, unitsHeld, unitsReturned, unitsSold,
                unitsTakenAgain, paidShare, firstHold, soldOut, lastPayment, Collections.unmodifiableMap(new TreeMap<>(counted)));
    }

    /**
     * The funnels of a sale's SKUs as one: counts summed, {@code buyers} as counted across them (a
     * buyer of several SKUs once), the first hold the earliest, sold out when every SKU was (at the
     * last of them), the last payment the latest.
     */
    public static Funnel of(List<Funnel> skus, long buyers) {
        long reservations = skus.stream().mapToLong(Funnel::reservations).sum();
        long confirmed = skus.stream().mapToLong(Funnel::confirmed).sum();
        boolean allSoldOut = !skus.isEmpty() && skus.stream().allMatch(sku -> sku.soldOut() != null);
        return new Funnel(skus.stream().mapToInt(Funnel::units).sum(), buyers, reservations,
                skus.stream().mapToLong(Funnel::held).sum(), confirmed, skus.stream().mapToLong(Funnel::cancelled).sum(),
                skus.stream().mapToLong(Funnel::expired).sum(), skus.stream().mapToLong(Funnel::unitsHeld).sum(),
                skus.stream().mapToLong(Funnel::unitsReturned).sum(), skus.stream().mapToLong(Funnel::unitsSold).sum(),
                skus.stream().mapToLong(Funnel::unitsTakenAgain).sum(), paidShareOf(confirmed, reservations),
                earliest(skus.stream().map(Funnel::firstHold)), allSoldOut ? latest(skus.stream().map(Funnel::soldOut)) : null,
                latest(skus.stream().map(Funnel::lastPayment)), refusalsOf(skus));
    }

    private static Map<String, Long> refusalsOf(List<Funnel> skus) {
        Map<String, Long> all = new TreeMap<>();
        skus.forEach(sku -> sku.refusals().forEach((reason, refused) -> all.merge(reason, refused, Long::sum)));
        return all;
    }

    private static Instant earliest(Stream<Instant> moments) {
        return moments.filter(Objects::nonNull).min(Comparator.naturalOrder()).orElse(null);
    }

    private static Instant latest(Stream<Instant> moments) {
        return moments.filter(Objects::nonNull).max(Comparator.naturalOrder()).orElse(null);
    }

    /** Confirmed reservations as a share of all, rounded to three places; null when there were none. */
    public static Double paidShareOf(long confirmed, long reservations) {
        return reservations == 0 ? null : Math.round(1000.0 * confirmed / reservations) / 1000.0;
    }
}
