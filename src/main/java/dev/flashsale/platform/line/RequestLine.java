package dev.flashsale.platform.line;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The requests waiting for the group that runs now (a stock row's transaction, a room's Redis
 * call) to end. A request that finds the line idle leads a group at once; the others queue, and
 * when a group ends, the first of them leads the next one for everyone queued by then. At most
 * {@code maxQueued} wait: a line that long turns the next request away.
 *
 * @param <W> a waiting request
 */
public final class RequestLine<W> {

    /** What joining a line meant for the request. */
    public enum Place { LEAD, QUEUED, FULL }

    private final ArrayDeque<W> queued = new ArrayDeque<>();
    private final int maxQueued;
    private boolean busy;

    public RequestLine(int maxQueued) {
        this.maxQueued = maxQueued;
    }

    /** @return LEAD when the line was idle (the caller leads a group at once), FULL when too many wait */
    public synchronized Place join(W waiter) {
        if (!busy) {
            busy = true;
            return Place.LEAD;
        }
        if (queued.size() >= maxQueued) {
            return Place.FULL;
        }
        queued.add(waiter);
        return Place.QUEUED;
    }

    /** The leader and the requests queued behind it, in arrival order, at most {@code max} in all. */
    public synchronized List<W> groupLedBy(W leader, int max) {
        List<W> group = new ArrayList<>();
        group.add(leader);
        while (group.size() < max && !queued.isEmpty()) {
            group.add(queued.poll());
        }
        return group;
    }

    /** @return true when the request was still queued and has left; false when a group or the lead took it */
    public synchronized boolean withdraw(W waiter) {
        return queued.remove(waiter);
    }

    /** The requests waiting behind the group that runs now. */
    public synchronized int queued() {
        return queued.size();
    }

    /** @return the request that leads the next group; empty when none is queued (the line goes idle) */
    public synchronized Optional<W> handOver() {
        W next = queued.poll();
        if (next == null) {
            busy = false;
        }
        return Optional.ofNullable(next);
    }
}
