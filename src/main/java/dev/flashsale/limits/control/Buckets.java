package dev.flashsale.limits.control;

import dev.flashsale.limits.entity.Limit;
import dev.flashsale.limits.entity.TokenUse;
import jakarta.annotation.PostConstruct;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
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

    /** @return 0 when the tokens are (or were) there, else the microseconds until they will be */
    public long take(Limit limit, String id, int tokens, TokenUse use) {
        if (limit.unlimited()) {
            return 0;
        }
        return shared.take(limit, id, tokens, use).orElseGet(() -> local.take(limit, id, tokens, use));
    }
}
