package dev.flashsale.limits.control;

import dev.flashsale.limits.entity.Limit;
import dev.flashsale.limits.entity.TokenUse;
import jakarta.annotation.PostConstruct;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * One bucket per limit and id: the one all nodes share in Redis, or this node's own while Redis is
 * gone. A limit wide enough is taken from Redis a few tokens at a time ({@link Leases}): most
 * requests of a busy caller then cost a map lookup instead of a round trip, and all nodes
 * together still let no more through than the limit. {@code flashsale.limits.lease-ms}: a
 * lease holds the tokens a limit gives in that time, at most 1% of its burst, and is spent for
 * at most ten times that long; 0: every request asks Redis.
 */
@ApplicationScoped
public class Buckets {

    @Inject
    SharedBuckets shared;

    @Inject
    @ConfigProperty(name = "flashsale.limits.local-max-buckets")
    int localMaxBuckets;

    @Inject
    @ConfigProperty(name = "flashsale.limits.lease-ms")
    long leaseMillis;

    private LocalBuckets local;
    private Leases leases;

    @PostConstruct
    void create() {
        if (leaseMillis < 0) {
            throw new IllegalStateException("flashsale.limits.lease-ms must be 0 or more, not " + leaseMillis);
        }
        local = new LocalBuckets(localMaxBuckets);
        leases = new Leases(leaseMillis * 1_000, leaseMillis * 10_000_000, localMaxBuckets);
    }

    /**
     * Takes from each bucket (limit i, id i), all in one round trip to Redis, or none when every
     * bucket is one whose lease this node holds.
     *
     * @return for each bucket, 0 when the tokens are (or were) there, else the microseconds until they will be
     */
    public long[] take(List<Limit> limits, List<String> ids, int tokens, TokenUse use) {
        long now = System.nanoTime();
        long[] waits = new long[limits.size()];
        List<Integer> asked = new ArrayList<>();
        List<BucketCall> calls = new ArrayList<>();
        for (int i = 0; i < limits.size(); i++) {
            Limit limit = limits.get(i);
            String id = ids.get(i);
            if (limit.unlimited()) {
                continue;
            }
            int lease = use == TokenUse.TAKE && tokens == 1 ? leases.tokensPerLease(limit) : 1;
            if (lease <= 1) {
                calls.add(new BucketCall(limit, id, tokens, use, 0));
            } else if (leases.spend(limit, id, now)) {
                continue;
            } else {
                calls.add(new BucketCall(limit, id, lease, TokenUse.LEASE, leases.unspent(limit, id, now)));
            }
            asked.add(i);
        }
        if (calls.isEmpty()) {
            return waits;
        }
        Optional<List<Long>> answers = shared.take(calls);
        for (int j = 0; j < calls.size(); j++) {
            int i = asked.get(j);
            BucketCall call = calls.get(j);
            if (answers.isEmpty()) {
                waits[i] = local.take(call.limit(), call.id(), tokens, use);
            } else if (call.use() == TokenUse.LEASE && answers.get().get(j) < 0) {
                // One of the tokens taken is this request's; the node spends the others.
                leases.keep(call.limit(), call.id(), (int) -answers.get().get(j) - 1, now);
            } else {
                waits[i] = answers.get().get(j);
            }
        }
        return waits;
    }
}
