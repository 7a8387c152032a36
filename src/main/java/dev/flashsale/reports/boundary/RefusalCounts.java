package dev.flashsale.reports.boundary;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.LongAdder;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * The reserve refusals this node answered since its last flush, per SKU and reason (the problem
 * type's slug), counted in memory at the crowd's rate: a refusal costs a map look-up and an add,
 * never a write. {@code RefusalFlushTimer} hands them to PostgreSQL every
 * {@code flashsale.reports.refusals-flush-ms}. At most {@code flashsale.reports.refusals-skus-max}
 * SKUs are counted between two flushes, so that a crowd asking for SKUs that do not exist cannot
 * grow it; the flush leaves out any SKU that is no sale's.
 */
@ApplicationScoped
public class RefusalCounts {

    @Inject
    @ConfigProperty(name = "flashsale.reports.refusals-skus-max")
    int skusMax;

    private volatile Map<String, Map<String, LongAdder>> counts = new ConcurrentHashMap<>();

    /** One refusal of a reserve of {@code sku} with problem type {@code reason}. */
    public void refused(String sku, String reason) {
        Map<String, Map<String, LongAdder>> now = counts;
        Map<String, LongAdder> ofSku = now.get(sku);
        if (ofSku == null) {
            if (now.size() >= skusMax) {
                return;
            }
            ofSku = now.computeIfAbsent(sku, s -> new ConcurrentHashMap<>());
        }
        ofSku.computeIfAbsent(reason, r -> new LongAdder()).increment();
    }

    /**
     * The counts since the last call, and a fresh start. A refusal counted on the old map just as it
     * is taken may be missed: a lower bound, as the report says.
     */
    Map<String, Map<String, LongAdder>> takeAll() {
        Map<String, Map<String, LongAdder>> taken = counts;
        counts = new ConcurrentHashMap<>();
        return taken;
    }
}
