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

/** One bucket per limit and id: the one all nodes share in Redis, or this node's own while Redis is gone. */
@ApplicationScoped
public class Buckets {

    @Inject
    SharedBuckets shared;

    @Inject
    @ConfigProperty(name = "flashsale.limits.local-max-buckets", defaultValue = "100000")
    int localMaxBuckets;

    private LocalBuckets local;

    @PostConstruct
    void create() {
        local = new LocalBuckets(localMaxBuckets);
    }

    /**
     * Takes from each bucket (limit i, id i), all in one round trip to Redis.
     *
     * @return for each bucket, 0 when the tokens are (or were) there, else the microseconds until they will be
     */
    public long[] take(List<Limit> limits, List<String> ids, int tokens, TokenUse use) {
        long[] waits = new long[limits.size()];
        List<Integer> limited = new ArrayList<>();
        for (int i = 0; i < limits.size(); i++) {
            if (!limits.get(i).unlimited()) {
                limited.add(i);
            }
        }
        if (limited.isEmpty()) {
            return waits;
        }
        Optional<List<Long>> shared = this.shared.take(limited.stream().map(limits::get).toList(),
                limited.stream().map(ids::get).toList(), tokens, use);
        for (int j = 0; j < limited.size(); j++) {
            int i = limited.get(j);
            waits[i] = shared.isPresent() ? shared.get().get(j) : local.take(limits.get(i), ids.get(i), tokens, use);
        }
        return waits;
    }
}
