package dev.flashsale.testsupport;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;
import java.util.function.IntFunction;

/** Many clients at once: runs {@code attempts} calls on {@code clients} threads, all released together. */
public final class Crowd {

    private Crowd() {
    }

    public static <T> List<T> run(int clients, int attempts, IntFunction<T> attempt) throws Exception {
        return run(clients, attempts, attempt, () -> false);
    }

    /**
     * Like {@link #run(int, int, IntFunction)}, but attempts not yet started are skipped once
     * {@code verdictKnown} says so; the answers of the attempts that ran are returned.
     */
    public static <T> List<T> run(int clients, int attempts, IntFunction<T> attempt, BooleanSupplier verdictKnown)
            throws Exception {
        ExecutorService pool = Executors.newFixedThreadPool(clients);
        try {
            List<Callable<T>> calls = new ArrayList<>(attempts);
            for (int i = 0; i < attempts; i++) {
                int n = i;
                calls.add(() -> verdictKnown.getAsBoolean() ? null : attempt.apply(n));
            }
            List<T> results = new ArrayList<>(attempts);
            for (Future<T> future : pool.invokeAll(calls, 10, TimeUnit.MINUTES)) {
                T result = future.get();
                if (result != null) {
                    results.add(result);
                }
            }
            return results;
        } finally {
            pool.shutdownNow();
        }
    }
}
