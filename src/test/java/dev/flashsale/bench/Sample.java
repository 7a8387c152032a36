package dev.flashsale.bench;

/**
 * One answered (or failed) HTTP request: when it was sent, how long it took, its status and, for
 * an {@code application/problem+json} answer, the last segment of the problem type. A request that
 * got no answer at all has status 0 and the exception's name as its problem.
 */
record Sample(long sentAtNanos, long latencyNanos, int status, String problem) {

    long answeredAtNanos() {
        return sentAtNanos + latencyNanos;
    }

    boolean isServerError() {
        return status >= 500;
    }
}
