package dev.flashsale.webhooks.control;

import java.util.random.RandomGenerator;

/**
 * How long a delivery waits after its {@code attempt}-th failed attempt: {@code baseMillis},
 * doubled for each attempt after the first, at most {@code maxMillis}; then drawn between half
 * and all of that, so that the deliveries of a receiver that was down do not all come back at once.
 */
public record Backoff(long baseMillis, long maxMillis) {

    public Backoff {
        if (baseMillis < 1 || maxMillis < baseMillis) {
            throw new IllegalArgumentException("A backoff needs 1 <= base <= max: " + baseMillis + ", " + maxMillis);
        }
    }

    public long delayMillis(int attempt, RandomGenerator random) {
        int doublings = Math.max(0, Math.min(attempt - 1, 62));
        long ceiling = baseMillis << Math.min(doublings, Long.numberOfLeadingZeros(baseMillis) - 1);
        ceiling = Math.min(maxMillis, ceiling);
        long least = ceiling - ceiling / 2;
        return least + random.nextLong(ceiling - least + 1);
    }
}
