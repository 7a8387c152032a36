package dev.flashsale.room.control;

import java.util.Map;
import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.Predicate;

/**
 * Memories kept in maps, queued in the order learnt so that the stale ones are forgotten oldest
 * first, by one thread at a time while the others go on: nobody walks the maps (under a steady
 * crowd each call forgets about one; after a burst, the one call that finds it stale forgets it all).
 * A memory is removed from the map it went into only while it is still the one there, so a key
 * learnt again since stays. How many are queued (those forgotten since included, until their
 * turn) is what bounds the memory.
 *
 * @param <M> a memory, stale by the predicate given to {@link #forgetStale}
 */
final class OldestFirst<M> {

    private record Queued<M>(Map<String, M> in, String key, M memory) {
    }

    private final Queue<Queued<M>> inOrder = new ConcurrentLinkedQueue<>();
    private final AtomicInteger size = new AtomicInteger();
    private final ReentrantLock forgetting = new ReentrantLock();

    /** {@code memory}, just put into {@code in} under {@code key}. */
    void learnt(Map<String, M> in, String key, M memory) {
        size.incrementAndGet();
        inOrder.add(new Queued<>(in, key, memory));
    }

    int size() {
        return size.get();
    }

    /** Forgets, oldest first, the memories that are stale; left to the thread already at it. */
    void forgetStale(Predicate<M> stale) {
        if (!forgetting.tryLock()) {
            return;
        }
        try {
            for (Queued<M> oldest = inOrder.peek(); oldest != null && stale.test(oldest.memory()); oldest = inOrder.peek()) {
                inOrder.poll();
                size.decrementAndGet();
                oldest.in().remove(oldest.key(), oldest.memory());
            }
        } finally {
            forgetting.unlock();
        }
    }
}
