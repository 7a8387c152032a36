package dev.flashsale.platform;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Supplier;
import org.awaitility.Awaitility;
import org.junit.jupiter.api.Test;

class RefreshedTest {

    @Test
    void aDueReadIsOneCallersWhileTheOthersGoOnWithTheValueReadBefore() throws InterruptedException {
        SecondReadHeld held = new SecondReadHeld();
        Refreshed<Integer> value = new Refreshed<>(0, 1, held);
        assertEquals(1, value.get(), "read at first");
        Thread.sleep(5);
        Thread reader = new Thread(value::get);
        reader.start();
        assertTrue(held.inSecondRead.await(5, TimeUnit.SECONDS));
        long started = System.nanoTime();
        assertEquals(1, value.get(), "while one caller reads, another goes on with the value read before");
        assertTrue(System.nanoTime() - started < TimeUnit.SECONDS.toNanos(1), "without waiting for the read");
        held.release.countDown();
        reader.join(5_000);
        assertEquals(2, value.last());
        assertEquals(2, held.reads.get());
    }

    @Test
    void afterAChangeMadeHereNoCallerGetsTheValueBeforeIt() throws Exception {
        SecondReadHeld held = new SecondReadHeld();
        Refreshed<Integer> value = new Refreshed<>(0, 60_000, held);
        assertEquals(1, value.get());
        value.changed();
        CompletableFuture<Integer> first = CompletableFuture.supplyAsync(value::get);
        assertTrue(held.inSecondRead.await(5, TimeUnit.SECONDS));
        CompletableFuture<Integer> second = CompletableFuture.supplyAsync(value::get);
        Thread.sleep(200);
        assertFalse(second.isDone(), "a caller during the read of a change waits for it");
        held.release.countDown();
        assertEquals(2, first.get(5, TimeUnit.SECONDS));
        assertEquals(2, second.get(5, TimeUnit.SECONDS));
    }

    @Test
    void aChangeMadeHereIsReadByTheNextCaller() {
        AtomicInteger reads = new AtomicInteger();
        Refreshed<Integer> value = new Refreshed<>(0, 60_000, reads::incrementAndGet);
        assertEquals(1, value.get());
        assertEquals(1, value.get(), "not due: no read");
        value.changed();
        assertEquals(2, value.get(), "changed here: read at once");
    }

    @Test
    void aFailedReadKeepsTheValueReadBefore() {
        AtomicInteger reads = new AtomicInteger();
        Refreshed<Integer> value = new Refreshed<>(0, 60_000, () -> {
            if (reads.incrementAndGet() == 2) {
                throw new IllegalStateException("database away");
            }
            return reads.get();
        });
        assertEquals(1, value.get());
        value.changed();
        assertEquals(1, value.get(), "the read failed: the value read before stays");
        assertEquals(1, value.get(), "and the failure is not read again before it is due");
        assertEquals(2, reads.get());
    }

    /**
     * A caller that wants a value no older than it allows reads again when the value is older, and
     * the callers that come during that read take it: a read is as old as its start.
     */
    @Test
    void callersWantingAFresherValueShareTheReadThatBeganBeforeThem() throws Exception {
        SecondReadHeld held = new SecondReadHeld();
        Refreshed<Integer> value = new Refreshed<>(0, 60_000, held);
        assertEquals(1, value.get());
        long firstReadAt = System.nanoTime();
        assertEquals(1, value.noOlderThan(60_000), "fresh enough: no read");
        Awaitility.await().atMost(Duration.ofSeconds(5)).pollInterval(Duration.ofMillis(10))
                .until(() -> System.nanoTime() - firstReadAt > TimeUnit.MILLISECONDS.toNanos(600));

        CompletableFuture<Integer> reader = CompletableFuture.supplyAsync(() -> value.noOlderThan(500));
        assertTrue(held.inSecondRead.await(5, TimeUnit.SECONDS));
        ExecutorService threads = Executors.newFixedThreadPool(8);
        try {
            List<CompletableFuture<Integer>> crowd = new ArrayList<>();
            for (int caller = 0; caller < 8; caller++) {
                crowd.add(CompletableFuture.supplyAsync(() -> value.noOlderThan(500), threads));
            }
            held.release.countDown();
            assertEquals(2, reader.get(5, TimeUnit.SECONDS));
            for (CompletableFuture<Integer> caller : crowd) {
                assertEquals(2, caller.get(5, TimeUnit.SECONDS), "the read that began before the caller asked");
            }
        } finally {
            threads.shutdown();
        }
        assertEquals(2, held.reads.get(), "one read for the crowd");
    }

    /** A reader that counts its reads and holds the second until released, saying when it began. */
    private static final class SecondReadHeld implements Supplier<Integer> {

        final CountDownLatch inSecondRead = new CountDownLatch(1);
        final CountDownLatch release = new CountDownLatch(1);
        final AtomicInteger reads = new AtomicInteger();

        @Override
        public Integer get() {
            int n = reads.incrementAndGet();
            if (n == 2) {
                inSecondRead.countDown();
                await(release);
            }
            return n;
        }
    }

    private static void await(CountDownLatch latch) {
        try {
            latch.await(5, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
