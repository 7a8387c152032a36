package dev.flashsale.platform.concurrent;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.awaitility.Awaitility;
import org.junit.jupiter.api.Test;

class OneWriterTest {

    @Test
    void everyItemOfACrowdIsWrittenOnceAndWritesAreShared() throws Exception {
        int threads = 8;
        int each = 5_000;
        ExecutorService writers = Executors.newCachedThreadPool();
        ExecutorService crowd = Executors.newFixedThreadPool(threads);
        List<Integer> written = Collections.synchronizedList(new ArrayList<>());
        AtomicInteger writes = new AtomicInteger();
        AtomicInteger atOnce = new AtomicInteger();
        AtomicInteger mostAtOnce = new AtomicInteger();
        OneWriter<Integer> writer = new OneWriter<>(threads * each, items -> {
            mostAtOnce.accumulateAndGet(atOnce.incrementAndGet(), Math::max);
            writes.incrementAndGet();
            written.addAll(items);
            atOnce.decrementAndGet();
        }, writers::execute, (items, why) -> {
            throw new AssertionError("lost " + items.size() + ": " + why);
        });
        CountDownLatch go = new CountDownLatch(1);
        for (int t = 0; t < threads; t++) {
            int first = t * each;
            crowd.execute(() -> {
                try {
                    go.await();
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
                for (int i = first; i < first + each; i++) {
                    writer.add(i);
                }
            });
        }
        go.countDown();
        crowd.shutdown();
        assertTrue(crowd.awaitTermination(30, TimeUnit.SECONDS));
        Awaitility.await("every item written").atMost(Duration.ofSeconds(30)).until(() -> written.size() >= threads * each);
        assertEquals(threads * each, written.size(), "no item written twice");
        assertEquals(threads * each, Set.copyOf(written).size(),
                "every item written");
        assertEquals(1, mostAtOnce.get(), "one writer at a time");
        assertTrue(writes.get() < threads * each, "items waiting together were written together: " + writes.get() + " writes");
        assertEquals(0, writer.waiting());
        writers.shutdown();
    }

    /**
     * Each producer hands an item over right as the writer finishes the one before it, again and
     * again: an item handed over while the writer stands down must start a writer, or it waits for ever.
     */
    @Test
    void anItemHandedOverAsTheWriterStandsDownIsWritten() throws Exception {
        ExecutorService writers = Executors.newCachedThreadPool();
        ExecutorService producers = Executors.newFixedThreadPool(4);
        Set<Integer> written = ConcurrentHashMap.newKeySet();
        OneWriter<Integer> writer = new OneWriter<>(1_000, written::addAll, writers::execute, (items, why) -> {
            throw new AssertionError("lost " + items + ": " + why);
        });
        List<Future<?>> done = new ArrayList<>();
        for (int p = 0; p < 4; p++) {
            int first = p * 1_000_000;
            done.add(producers.submit(() -> {
                for (int i = first; i < first + 20_000; i++) {
                    writer.add(i);
                    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(2);
                    while (!written.contains(i)) {
                        if (System.nanoTime() > deadline) {
                            throw new AssertionError("item " + i + " never written");
                        }
                        Thread.onSpinWait();
                    }
                }
                return null;
            }));
        }
        for (Future<?> producer : done) {
            producer.get(120, TimeUnit.SECONDS);
        }
        assertEquals(80_000, written.size());
        producers.shutdown();
        writers.shutdown();
    }

    @Test
    void aFullLineAFailedWriteAndNoThreadLoseTheirItemsAndSaySo() {
        List<String> lost = Collections.synchronizedList(new ArrayList<>());
        List<Runnable> started = new ArrayList<>();
        OneWriter<String> held = new OneWriter<>(2, items -> {
        }, started::add, (items, why) -> lost.addAll(items));
        held.add("a");
        held.add("b");
        held.add("c");
        assertEquals(List.of("c"), lost, "two wait at most");
        assertEquals(1, started.size(), "one writer started for both");
        started.get(0).run();
        assertEquals(0, held.waiting());

        OneWriter<String> failing = new OneWriter<>(10, items -> {
            throw new IllegalStateException("PostgreSQL away");
        }, Runnable::run, (items, why) -> lost.addAll(items));
        failing.add("d");
        assertEquals(List.of("c", "d"), lost);

        OneWriter<String> refused = new OneWriter<>(10, items -> {
        }, work -> {
            throw new RejectedExecutionException("no thread");
        }, (items, why) -> lost.addAll(items));
        refused.add("e");
        assertEquals(List.of("c", "d", "e"), lost);
        assertEquals(0, refused.waiting());
    }
}
