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

    /** Forgotten after this long without a delivery: a deleted webhook, or one that had no event for a while. */
    private static final long FORGET_NANOS = 10L * 60 * 1_000_000_000;

    private final int share;
    private final long slowNanos;
    private final Map<UUID, Receiver> seen = new HashMap<>();

    Receivers(int share, long slowNanos) {
        this.share = share;
        this.slowNanos = slowNanos;
    }

    private static final class Receiver {
        /** Each delivery in flight (a claim of it: the attempt's number tells two claims apart), and when it began. */
        final Map<ClaimedDelivery, Long> flights = new HashMap<>();
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
        receiver.flights.put(delivery, now);
        receiver.lastBegan = now;
        receiver.lastSeen = now;
    }

    /** The delivery's attempt came back: how long it took tells whether its receiver is slow. */
    void answered(ClaimedDelivery delivery, long now) {
        Receiver receiver = seen.get(delivery.webhookId());
        Long began = receiver == null ? null : receiver.flights.remove(delivery);
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
            receiver.flights.remove(delivery);
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
            if (inFlight == 0 && now - receiver.lastSeen >= FORGET_NANOS) {
                entries.remove();
            } else if (receiver.slow(now, slowNanos)) {
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
        slow.sort(Comparator.comparingLong(entry -> entry.getValue().lastBegan));
        List<UUID> slowInTurn = slow.stream().map(Map.Entry::getKey).toList();
        int slowMost = Math.max(0, share - slowInFlight);
        if (slowMost == 0) {
            busy.addAll(slowInTurn);
        }
        return new ClaimLimits(Set.copyOf(busy), allowances, slowInTurn, slowMost);
    }
}
