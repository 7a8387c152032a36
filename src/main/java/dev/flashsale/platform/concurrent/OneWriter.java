package dev.flashsale.platform.concurrent;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.BiConsumer;
import java.util.function.Consumer;

/**
 * Items that many threads hand over and one writer at a time writes: the writer takes every item
 * waiting (at most {@code waitingMax} at once) and writes them together, again until none is left,
 * so that under a crowd the items of one write's time share it. An item that finds
 * {@code waitingMax} waiting, a write that fails, and the items waiting when no writer can be
 * started, are handed to {@code lost}, never retried.
 *
 * @param <T> an item
 */
public final class OneWriter<T> {

    private final int waitingMax;
    private final Consumer<List<T>> write;
    private final Consumer<Runnable> start;
    private final BiConsumer<List<T>, RuntimeException> lost;
    private final ConcurrentLinkedQueue<T> waiting = new ConcurrentLinkedQueue<>();
    private final AtomicInteger waitingCount = new AtomicInteger();
    private final AtomicBoolean writing = new AtomicBoolean();

    /**
     * @param write writes items together (what it throws loses them)
     * @param start runs the writer off the caller's thread (what it throws loses the items waiting)
     * @param lost  hears of items lost, with why
     */
    public OneWriter(int waitingMax, Consumer<List<T>> write, Consumer<Runnable> start, BiConsumer<List<T>, RuntimeException> lost) {
        this.waitingMax = waitingMax;
        this.write = write;
        this.start = start;
        this.lost = lost;
    }

    public void add(T item) {
        if (waitingCount.incrementAndGet() > waitingMax) {
            waitingCount.decrementAndGet();
            lost.accept(List.of(item), new IllegalStateException(waitingMax + " wait to be written already"));
            return;
        }
        waiting.add(item);
        startWriter();
    }

    /** The items waiting to be written right now. */
    public int waiting() {
        return waitingCount.get();
    }

    private void startWriter() {
        if (!writing.compareAndSet(false, true)) {
            return;
        }
        try {
            start.accept(this::writeWaiting);
        } catch (RuntimeException refused) {
            writing.set(false);
            List<T> items = taken(Integer.MAX_VALUE);
            if (!items.isEmpty()) {
                lost.accept(items, refused);
            }
        }
    }

    private void writeWaiting() {
        try {
            for (List<T> items = taken(waitingMax); !items.isEmpty(); items = taken(waitingMax)) {
                try {
                    write.accept(items);
                } catch (RuntimeException failed) {
                    lost.accept(items, failed);
                }
            }
        } finally {
            writing.set(false);
        }
        // An item handed over after the last look and before the writer stood down is not left behind.
        if (!waiting.isEmpty()) {
            startWriter();
        }
    }

    private List<T> taken(int max) {
        List<T> items = new ArrayList<>();
        T item;
        while (items.size() < max && (item = waiting.poll()) != null) {
            items.add(item);
        }
        waitingCount.addAndGet(-items.size());
        return items;
    }
}
