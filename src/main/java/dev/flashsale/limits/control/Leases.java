package dev.flashsale.limits.control;

import dev.flashsale.limits.entity.Limit;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Tokens this node took from a shared bucket in one round trip ({@code lease} in
 * {@code lua/take_tokens.lua}), spent here one request at a time without asking Redis, until
 * they run out or {@code lifetimeNanos} has passed. The tokens are taken from the bucket every
 * node shares before they are spent, so all nodes together never let more through than the
 * limit. What an expired lease left unspent is given back with the next lease ({@link #unspent});
 * a caller near its limit may be refused on one node while another still holds a few of its
 * tokens, for at most a lifetime. Leases taken at once by several threads of a node add up. A
 * limit too small to give more than one token at a time is not leased ({@link #tokensPerLease}). At most
 * {@code maxLeases} are kept: when full, the spent and the expired are dropped, and if that is
 * not enough, all (their tokens are lost, never spent twice).
 */
public final class Leases {

    private static final class Lease {

        final AtomicInteger left;
        volatile long expiresNanos;

        Lease(int left, long expiresNanos) {
            this.left = new AtomicInteger(left);
            this.expiresNanos = expiresNanos;
        }

        boolean expired(long nowNanos) {
            return nowNanos - expiresNanos >= 0;
        }
    }

    private final ConcurrentHashMap<String, Lease> leases = new ConcurrentHashMap<>();
    private final long tokenMicros;
    private final long lifetimeNanos;
    private final int maxLeases;

    /**
     * @param tokenMicros a lease holds the tokens a limit gives in this time (at most 1% of its burst)
     * @param lifetimeNanos how long a lease may be spent
     */
    public Leases(long tokenMicros, long lifetimeNanos, int maxLeases) {
        this.tokenMicros = tokenMicros;
        this.lifetimeNanos = lifetimeNanos;
        this.maxLeases = maxLeases;
    }

    /** The tokens one lease of {@code limit} takes; 1 or less: the limit is not leased. */
    public int tokensPerLease(Limit limit) {
        if (limit.unlimited() || tokenMicros <= 0) {
            return 1;
        }
        return (int) Math.max(1, Math.min(tokenMicros / limit.microsPerToken(), limit.burst() / 100));
    }

    /** Spends one token of the lease of (limit, id), if this node holds one with a token left. */
    public boolean spend(Limit limit, String id, long nowNanos) {
        Lease lease = leases.get(key(limit, id));
        if (lease == null || lease.expired(nowNanos)) {
            return false;
        }
        return lease.left.getAndUpdate(left -> Math.max(0, left - 1)) > 0;
    }

    /**
     * The tokens an expired lease of (limit, id) left unspent, taken out of it: whoever gets them
     * gives them back to the shared bucket, once. A live lease gives none.
     */
    public int unspent(Limit limit, String id, long nowNanos) {
        Lease lease = leases.get(key(limit, id));
        return lease == null || !lease.expired(nowNanos) ? 0 : lease.left.getAndSet(0);
    }

    /**
     * Keeps {@code tokens} taken for (limit, id) to spend from now on: added to a live lease
     * (another thread's, taken meanwhile), whose lifetime starts again, or as a new one.
     */
    public void keep(Limit limit, String id, int tokens, long nowNanos) {
        if (tokens < 1) {
            return;
        }
        String key = key(limit, id);
        if (leases.size() >= maxLeases && !leases.containsKey(key)) {
            leases.values().removeIf(lease -> lease.left.get() == 0 || lease.expired(nowNanos));
            if (leases.size() >= maxLeases) {
                leases.clear();
            }
        }
        leases.compute(key, (unused, lease) -> {
            if (lease == null || lease.expired(nowNanos)) {
                return new Lease(tokens, nowNanos + lifetimeNanos);
            }
            lease.left.addAndGet(tokens);
            lease.expiresNanos = nowNanos + lifetimeNanos;
            return lease;
        });
    }

    public int size() {
        return leases.size();
    }

    private static String key(Limit limit, String id) {
        return limit.scope() + ':' + id;
    }
}
