package dev.flashsale.platform;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

class RefreshedTest {

    @Test
    void aDueReadIsOneCallersWhileTheOthersGoOnWithTheValueReadBefore() throws InterruptedException {
        CountDownLatch inSecondRead = new CountDownLatch(1);
        CountDownLatch release = new CountDownLatch(1);
        AtomicInteger reads = new AtomicInteger();
        Refreshed<Integer> value = new Refreshed<>(0, 1, () -> {
            int n = reads.incrementAndGet();
            if (n == 2) {
                inSecondRead.countDown();
                await(release);
            }
            return n;
        });
        assertEquals(1, value.get(), "read at first");
        Thread.sleep(5);
        Thread reader = new Thread(value::get);
        reader.start();
        assertTrue(inSecondRead.await(5, TimeUnit.SECONDS));
        long started = System.nanoTime();
        assertEquals(1, value.get(), "while one caller reads, another goes on with the value read before");
        assertTrue(System.nanoTime() - started < TimeUnit.SECONDS.toNanos(1), "without waiting for the read");
        release.countDown();
        reader.join(5_000);
        assertEquals(2, value.last());
        assertEquals(2, reads.get());
    }

    @Test
    void afterAChangeMadeHereNoCallerGetsTheValueBeforeIt() throws Exception {
        CountDownLatch inSecondRead = new CountDownLatch(1);
        CountDownLatch release = new CountDownLatch(1);
        AtomicInteger reads = new AtomicInteger();
        Refreshed<Integer> value = new Refreshed<>(0, 60_000, () -> {
            int n = reads.incrementAndGet();
            if (n == 2) {
                inSecondRead.countDown();
                await(release);
            }
            return n;
        });
        assertEquals(1, value.get());
        value.changed();
        CompletableFuture<Integer> first = CompletableFuture.supplyAsync(value::get);
        assertTrue(inSecondRead.await(5, TimeUnit.SECONDS));
        CompletableFuture<Integer> second = CompletableFuture.supplyAsync(value::get);
        Thread.sleep(200);
        assertFalse(second.isDone(), "a caller during the read of a change waits for it");
        release.countDown();
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

    private static void await(CountDownLatch latch) {
        try {
            latch.await(5, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
