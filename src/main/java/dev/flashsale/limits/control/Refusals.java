package dev.flashsale.limits.control;

import java.util.OptionalLong;
import java.util.concurrent.ConcurrentHashMap;

/**
 * What a node already knows is refused, until when: a guesser told to wait is told so again
 * from memory, without asking Redis, for as long as the wait it was given. At most
 * {@code maxEntries}; when full, the refusals that have run out are dropped, then all.
 */
public final class Refusals {

    private final ConcurrentHashMap<String, Long> until = new ConcurrentHashMap<>();
    private final int maxEntries;

    public Refusals(int maxEntries) {
        this.maxEntries = maxEntries;
    }

    /** @return the microseconds still to wait, when a refusal of the id is known */
    public OptionalLong remaining(String id) {
        Long end = until.get(id);
        if (end == null) {
            return OptionalLong.empty();
        }
        long left = (end - System.nanoTime()) / 1_000;
        if (left <= 0) {
            until.remove(id, end);
            return OptionalLong.empty();
        }
        return OptionalLong.of(left);
    }

    public void refused(String id, long waitMicros) {
        long now = System.nanoTime();
        if (until.size() >= maxEntries) {
            until.values().removeIf(end -> end - now <= 0);
            if (until.size() >= maxEntries) {
                until.clear();
            }
        }
        until.put(id, now + waitMicros * 1_000);
    }
}
