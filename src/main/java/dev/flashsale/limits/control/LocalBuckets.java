package dev.flashsale.limits.control;

import dev.flashsale.limits.entity.Limit;
import dev.flashsale.limits.entity.TokenUse;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The same buckets as {@code lua/take_tokens.lua}, in this node's memory: what the limits fall
 * back to while Redis cannot be reached. Each node then counts on its own, so a crowd spread
 * over n nodes gets n times the limit, but it never gets an unlimited one. At most
 * {@code maxBuckets} are kept: when full, the buckets that have filled again (which hold nothing
 * a new bucket would not) are dropped, and if that is not enough, all of them.
 */
public final class LocalBuckets {

    private final ConcurrentHashMap<String, Long> arrivals = new ConcurrentHashMap<>();
    private final int maxBuckets;

    public LocalBuckets(int maxBuckets) {
        this.maxBuckets = maxBuckets;
    }

    /** @return 0 when the tokens are (or were) there, else the microseconds until they will be */
    public long take(Limit limit, String id, int tokens, TokenUse use) {
        return take(limit, id, tokens, use, System.nanoTime() / 1_000);
    }

    long take(Limit limit, String id, int tokens, TokenUse use, long nowMicros) {
        if (use == TokenUse.LEASE) {
            // Leases are spent in a node's memory already; while Redis is gone, each request takes its own.
            throw new IllegalArgumentException("A lease is taken from the shared buckets only");
        }
        String key = limit.scope() + ':' + id;
        if (arrivals.size() >= maxBuckets && !arrivals.containsKey(key)) {
            arrivals.values().removeIf(arrival -> arrival <= nowMicros);
            if (arrivals.size() >= maxBuckets) {
                arrivals.clear();
            }
        }
        long[] wait = new long[1];
        arrivals.compute(key, (unused, stored) -> {
            long arrival = stored == null ? nowMicros : Math.max(stored, nowMicros);
            long after = arrival + tokens * limit.microsPerToken();
            wait[0] = after - limit.burst() * limit.microsPerToken() - nowMicros;
            if (use == TokenUse.PEEK || (use == TokenUse.TAKE && wait[0] > 0)) {
                return stored;
            }
            return Math.min(after, nowMicros + (limit.burst() + 1) * limit.microsPerToken());
        });
        return use == TokenUse.COUNT ? 0 : Math.max(wait[0], 0);
    }

    public int size() {
        return arrivals.size();
    }
}
