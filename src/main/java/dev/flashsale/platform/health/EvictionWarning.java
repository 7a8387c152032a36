package dev.flashsale.platform.health;

import java.util.concurrent.atomic.AtomicReference;
import java.util.logging.Logger;

/** Warns once per policy seen when Redis may evict keys: the gate's keys must never be evicted. */
final class EvictionWarning {

    private static final Logger LOG = Logger.getLogger(EvictionWarning.class.getName());

    private final AtomicReference<String> warnedFor = new AtomicReference<>("noeviction");

    void warnOnce(String policy) {
        if (!"noeviction".equals(policy) && !"unknown".equals(policy) && !policy.equals(warnedFor.getAndSet(policy))) {
            LOG.warning(() -> "Redis runs with maxmemory-policy " + policy + ": it may evict the gate's counters, sold-out"
                    + " flags and hold markers under memory pressure. Set maxmemory-policy noeviction.");
        } else if ("noeviction".equals(policy)) {
            warnedFor.set(policy);
        }
    }
}
