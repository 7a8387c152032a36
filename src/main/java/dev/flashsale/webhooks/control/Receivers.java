package dev.flashsale.webhooks.control;

import dev.flashsale.webhooks.entity.ClaimLimits;
import dev.flashsale.webhooks.entity.ClaimedDelivery;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;

/**
 * What a node has seen of each webhook's receiver, and how many of its deliveries the senders may
 * have in flight. An answer (or a failure to get one) that took {@code slowNanos} or longer makes
 * a receiver slow, and so does a delivery in flight that long; each quicker answer in a row lets
 * it have one more in flight, up to {@code share} (a quarter of the senders): a receiver new to
 * the node, or slow a moment ago, starts at one. A slow receiver has one in flight, and the slow
 * ones all together at most {@code share}, taking turns (the one that began a delivery longest
 * ago first). So receivers slow at once hold a quarter of the senders, once seen slow; until
 * then each holds what it had in flight, at most a quarter. Not thread-safe: {@link Senders}
 * guards it.
 */
final class Receivers {

    /**
     * Forgotten after this long without a delivery in flight (a deleted webhook, or one with no
     * event for a while): a prompt receiver after ten minutes, a slow one after a day, longer than
     * a failing delivery's retries are apart (an hour at most by default), so that a receiver that
     * stopped answering does not come back new at each retry. A node that starts sees every
     * receiver new.
     */
    private static final long FORGET_PROMPT_NANOS = 10L * 60 * 1_000_000_000;
    private static final long FORGET_SLOW_NANOS = 24L * 3600 * 1_000_000_000;

    private final int share;
    private final long slowNanos;
    private final Map<UUID, Receiver> seen = new HashMap<>();

    Receivers(int share, long slowNanos) {
        this.share = share;
        this.slowNanos = slowNanos;
    }

    /** A delivery's claim: its id and attempt number, which tell two claims of one delivery apart. */
    private record Flight(UUID delivery, int attempt) {

        static Flight of(ClaimedDelivery delivery) {
            return new Flight(delivery.id(), delivery.attempt());
        }
    }

    private static final class Receiver {
        /** Each delivery in flight, by claim, and when it began. */
        final Map<Flight, Long> flights = new HashMap<>();
        int quickInARow;
        boolean lastSlow;
        long lastBegan;
        long lastSeen;

        boolean slow(long now, long slowNanos) {
            return lastSlow || flights.values().stream().anyMatch(began -> now - began >= slowNanos);
        }
    }

    void began(ClaimedDelivery delivery, long now) {
        Receiver receiver = seen.computeIfAbsent(delivery.webhookId(), unused -> new Receiver());
        receiver.flights.put(Flight.of(delivery), now);
        receiver.lastBegan = now;
        receiver.lastSeen = now;
    }

    /** The delivery's attempt came back: how long it took tells whether its receiver is slow. */
    void answered(ClaimedDelivery delivery, long now) {
        Receiver receiver = seen.get(delivery.webhookId());
        Long began = receiver == null ? null : receiver.flights.remove(Flight.of(delivery));
        if (began != null) {
            receiver.lastSlow = now - began >= slowNanos;
            receiver.quickInARow = receiver.lastSlow ? 0 : receiver.quickInARow + 1;
            receiver.lastSeen = now;
        }
    }

    /** The delivery is no longer in flight (answered, or never sent). */
    void ended(ClaimedDelivery delivery, long now) {
        Receiver receiver = seen.get(delivery.webhookId());
        if (receiver != null) {
            receiver.flights.remove(Flight.of(delivery));
            receiver.lastSeen = now;
        }
    }

    /** What the next claim may take, {@code now} ({@link System#nanoTime}). */
    ClaimLimits limits(long now) {
        Set<UUID> busy = new HashSet<>();
        Map<UUID, Integer> allowances = new LinkedHashMap<>();
        List<Map.Entry<UUID, Receiver>> slow = new ArrayList<>();
        int slowInFlight = 0;
        for (Iterator<Map.Entry<UUID, Receiver>> entries = seen.entrySet().iterator(); entries.hasNext(); ) {
            Map.Entry<UUID, Receiver> entry = entries.next();
            Receiver receiver = entry.getValue();
            int inFlight = receiver.flights.size();
            boolean slowNow = receiver.slow(now, slowNanos);
            if (inFlight == 0 && now - receiver.lastSeen >= (slowNow ? FORGET_SLOW_NANOS : FORGET_PROMPT_NANOS)) {
                entries.remove();
            } else if (slowNow) {
                slow.add(entry);
                slowInFlight += inFlight;
                if (inFlight > 0) {
                    busy.add(entry.getKey());
                }
            } else {
                int most = Math.min(share, 1 + receiver.quickInARow);
                if (inFlight >= most) {
                    busy.add(entry.getKey());
                } else {
                    allowances.put(entry.getKey(), most - inFlight);
                }
            }
        }
        slow.sort(Comparator.comparingLong(entry -> entry.getValue().lastBegan - now));
        List<UUID> slowInTurn = slow.stream().map(Map.Entry::getKey).toList();
        int slowMost = Math.max(0, share - slowInFlight);
        if (slowMost == 0) {
            busy.addAll(slowInTurn);
        }
        return new ClaimLimits(Set.copyOf(busy), allowances, slowInTurn, slowMost);
    }
}
