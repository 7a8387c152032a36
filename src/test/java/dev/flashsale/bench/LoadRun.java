package dev.flashsale.bench;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Consumer;
import java.util.function.Supplier;

/**
 * Drives load the way a storefront backend does: a fixed pool of {@code concurrency} threads doing
 * blocking sends. All {@code visits} are queued at once (the crowd arrives together); a visit may
 * send more than one request (a buyer's retry). Bounded twice: by the number of visits and by a
 * time limit, after which visits not yet started are skipped and counted as such.
 */
final class LoadRun {

    /** One visitor's requests; it hands each measured request to the recorder. */
    interface Visit {
        void run(int index, Consumer<Sample> recorder);
    }

    private final String label;
    private final int concurrency;
    private final Duration timeLimit;

    LoadRun(String label, int concurrency, Duration timeLimit) {
        this.label = label;
        this.concurrency = concurrency;
        this.timeLimit = timeLimit;
    }

    /** Runs the visits and returns every measured request; {@code unitsLeft} feeds the progress line. */
    LoadResult run(int visits, Visit visit, Supplier<String> unitsLeft) throws InterruptedException {
        Queue<Sample> samples = new ConcurrentLinkedQueue<>();
        AtomicInteger answered = new AtomicInteger();
        AtomicInteger skipped = new AtomicInteger();
        Consumer<Sample> recorder = sample -> {
            samples.add(sample);
            answered.incrementAndGet();
        };
        ExecutorService pool = Executors.newFixedThreadPool(concurrency);
        ProgressLine progress = new ProgressLine(label, answered::get, unitsLeft);
        long startedAt = System.nanoTime();
        long deadline = startedAt + timeLimit.toNanos();
        progress.start();
        try {
            for (int i = 0; i < visits; i++) {
                int index = i;
                pool.execute(() -> {
                    if (System.nanoTime() - deadline > 0) {
                        skipped.incrementAndGet();
                    } else {
                        visit.run(index, recorder);
                    }
                });
            }
            pool.shutdown();
            if (!pool.awaitTermination(timeLimit.toSeconds() + 120, TimeUnit.SECONDS)) {
                pool.shutdownNow();
                throw new IllegalStateException(label + ": requests still running long after the time limit");
            }
        } finally {
            pool.shutdownNow();
            progress.stop();
        }
        long finishedAt = System.nanoTime();
        return new LoadResult(label, concurrency, startedAt, finishedAt, new ArrayList<>(samples), skipped.get());
    }
}
