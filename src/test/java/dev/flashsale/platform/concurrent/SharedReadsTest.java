package dev.flashsale.platform.concurrent;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.locks.LockSupport;
import org.awaitility.Awaitility;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class SharedReadsTest {

    private static final int CROWD = 31;

    private final ExecutorService callers = Executors.newCachedThreadPool();
    private final AtomicInteger reads = new AtomicInteger();
    private final CountDownLatch firstReadMayEnd = new CountDownLatch(1);

    @AfterEach
    void stop() {
        firstReadMayEnd.countDown();
        callers.shutdownNow();
    }

    /** Each read answers its number; the first waits until the test lets it end. */
    private Integer read(String key) {
        int number = reads.incrementAndGet();
        if (number == 1) {
            try {
                firstReadMayEnd.await(10, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
        return number;
    }

    /**
     * A crowd that comes while the first read runs waits for it, then shares one read begun after
     * they all asked: two reads for 32 callers, and none of the crowd answered by the read that
     * began before it asked (a read per caller would make 32; one shared by all would answer the
     * crowd with a value older than its question).
     */
    @Test
    void aCrowdThatComesWhileAReadRunsSharesTheNextReadAndNeverTheOneBefore() throws Exception {
        SharedReads<String, Integer> shared = new SharedReads<>(this::read);
        List<Future<Integer>> crowd = crowdWhileTheFirstReadRuns(shared);
        for (Future<Integer> caller : crowd) {
            assertEquals(2, caller.get(10, TimeUnit.SECONDS), "the crowd's answer is the read begun after it asked");
        }
        assertEquals(2, reads.get(), "one read for the first caller, one for the crowd");
        assertEquals(0, shared.keys(), "the key is forgotten once nobody asks for it");
    }

    /**
     * 16 threads asking for one key 1,000 times each, every read taking a moment: never two reads
     * at once (a caller coming while one read hands over to the next must not begin a third), and
     * fewer reads than calls.
     */
    @Test
    void aCrowdAskingOverAndOverNeverRunsTwoReadsOfAKeyAtOnce() throws Exception {
        AtomicInteger running = new AtomicInteger();
        AtomicInteger mostAtOnce = new AtomicInteger();
        AtomicInteger calls = new AtomicInteger();
        SharedReads<String, Integer> shared = new SharedReads<>(key -> {
            mostAtOnce.accumulateAndGet(running.incrementAndGet(), Math::max);
            LockSupport.parkNanos(TimeUnit.MICROSECONDS.toNanos(200));
            running.decrementAndGet();
            return reads.incrementAndGet();
        });
        List<Future<?>> crowd = new ArrayList<>();
        for (int t = 0; t < 16; t++) {
            crowd.add(callers.submit(() -> {
                for (int i = 0; i < 1_000; i++) {
                    shared.get("sku");
                    calls.incrementAndGet();
                }
                return null;
            }));
        }
        for (Future<?> caller : crowd) {
            caller.get(60, TimeUnit.SECONDS);
        }
        assertEquals(1, mostAtOnce.get(), "one read of the key at a time");
        assertTrue(reads.get() < calls.get(), reads.get() + " reads for " + calls.get() + " calls");
        assertEquals(0, shared.keys());
    }

    @Test
    void aCallerAfterAReadThatEndedReadsAgain() {
        firstReadMayEnd.countDown();
        SharedReads<String, Integer> shared = new SharedReads<>(this::read);
        assertEquals(1, shared.get("sku"));
        assertEquals(2, shared.get("sku"), "nothing is kept for a later caller");
        assertEquals(3, shared.get("other"));
    }

    @Test
    void aFailedReadAnswersEveryCallerItServesAndTheNextCallerReadsAgain() throws Exception {
        IllegalStateException down = new IllegalStateException("database away");
        AtomicInteger calls = new AtomicInteger();
        SharedReads<String, Integer> shared = new SharedReads<>(key -> {
            int number = calls.incrementAndGet();
            if (number == 2) {
                throw down;
            }
            return read(key);
        });
        List<Future<Integer>> crowd = crowdWhileTheFirstReadRuns(shared);
        for (Future<Integer> caller : crowd) {
            ExecutionException failed = assertThrows(ExecutionException.class, () -> caller.get(10, TimeUnit.SECONDS));
            assertSame(down, failed.getCause(), "the shared read's failure");
        }
        assertEquals(2, calls.get(), "the failed read was shared, not tried again per caller");
        assertEquals(2, shared.get("sku"), "the next caller reads again");
    }

    /**
     * One caller whose read runs until {@link #firstReadMayEnd}, and {@link #CROWD} more that come
     * meanwhile and wait; then the first read ends, and answers its own caller. The crowd's calls.
     */
    private List<Future<Integer>> crowdWhileTheFirstReadRuns(SharedReads<String, Integer> shared) throws Exception {
        Future<Integer> first = callers.submit(() -> shared.get("sku"));
        Awaitility.await("the first read runs").atMost(Duration.ofSeconds(10)).until(() -> reads.get() == 1);
        List<Future<Integer>> crowd = new ArrayList<>();
        for (int i = 0; i < CROWD; i++) {
            crowd.add(callers.submit(() -> shared.get("sku")));
        }
        Awaitility.await("the crowd waits").atMost(Duration.ofSeconds(10)).until(() -> shared.waitingForNext("sku") == CROWD);
        firstReadMayEnd.countDown();
        assertEquals(1, first.get(10, TimeUnit.SECONDS), "the first read answers its own caller");
        return crowd;
    }
}
