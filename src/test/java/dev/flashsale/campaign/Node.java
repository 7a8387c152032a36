package dev.flashsale.campaign;

import dev.flashsale.testsupport.Api;
import dev.flashsale.testsupport.FaultProxy;
import java.util.ArrayList;
import java.util.List;

/**
 * One application node of a stage: its client, and the proxies between it and PostgreSQL (one per
 * cluster its JDBC URL names) and Redis (none for a node reached directly, which no fault of one
 * node may choose).
 */
final class Node {

    private volatile Api api;
    private final List<FaultProxy> postgres;
    private final FaultProxy redis;
    /** The offset of its clock, in seconds (libfaketime), as it was started. */
    private volatile int skewSeconds;

    Node(Api api, List<FaultProxy> postgres, FaultProxy redis) {
        this.api = api;
        this.postgres = postgres;
        this.redis = redis;
    }

    Api api() {
        return api;
    }

    void started(Api again, int skew) {
        this.api = again;
        this.skewSeconds = skew;
    }

    int skewSeconds() {
        return skewSeconds;
    }

    boolean proxied() {
        return redis != null;
    }

    List<FaultProxy> postgres() {
        return postgres;
    }

    /** Every proxy of the node. */
    List<FaultProxy> proxies() {
        List<FaultProxy> all = new ArrayList<>(postgres);
        if (redis != null) {
            all.add(redis);
        }
        return all;
    }

    FaultProxy redis() {
        return redis;
    }

    /** Every fault of the proxies undone. */
    void heal() {
        for (FaultProxy proxy : proxies()) {
            proxy.latency(0);
            proxy.thaw();
            proxy.accept(true);
        }
    }
}
