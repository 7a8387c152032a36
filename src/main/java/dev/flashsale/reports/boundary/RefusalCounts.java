package dev.flashsale.reports.boundary;

import dev.flashsale.reports.control.RefusalBatch;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.LongAdder;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * The reserve refusals this node answered since its last flush, per SKU, by reason (the problem
 * type's slug) and by second (for the report's chart), counted in memory at the crowd's rate: a
 * refusal costs two map look-ups and two adds, never a write. {@code RefusalFlushTimer} hands them
 * to PostgreSQL every {@code flashsale.reports.refusals-flush-ms}. At most
 * {@code flashsale.reports.refusals-skus-max} SKUs are counted between two flushes, so that a crowd
 * asking for SKUs that do not exist cannot grow it; the flush leaves out any SKU that is no sale's.
 * With {@code flashsale.reports.refusals-counted} off nothing is counted (the benchmark measures
 * what counting costs a refusal against that).
 */
@ApplicationScoped
public class RefusalCounts {

    @Inject
    @ConfigProperty(name = "flashsale.reports.refusals-skus-max")
    int skusMax;

    @Inject
    @ConfigProperty(name = "flashsale.reports.refusals-counted")
    boolean counted;

    private volatile Map<String, OfSku> counts = new ConcurrentHashMap<>();

    /** One refusal of a reserve of {@code sku} with problem type {@code reason}, now. */
    public void refused(String sku, String reason) {
        if (!counted) {
            return;
        }
        Map<String, OfSku> now = counts;
        OfSku ofSku = now.get(sku);
        if (ofSku == null) {
            if (now.size() >= skusMax) {
                return;
            }
            ofSku = now.computeIfAbsent(sku, s -> new OfSku());
        }
        ofSku.byReason.computeIfAbsent(reason, r -> new LongAdder()).increment();
        ofSku.bySecond.computeIfAbsent(System.currentTimeMillis() / 1000, s -> new LongAdder()).increment();
    }

    /**
     * The counts since the last call, and a fresh start. A refusal counted on the old map just as it
     * is taken may be missed: a lower bound, as the report says.
     */
    RefusalBatch takeAll() {
        Map<String, OfSku> taken = counts;
        counts = new ConcurrentHashMap<>();
        RefusalBatch batch = new RefusalBatch();
        taken.forEach((sku, ofSku) -> {
            ofSku.byReason.forEach((reason, refused) -> batch.byReason(sku, reason, refused.sum()));
            ofSku.bySecond.forEach((second, refused) -> batch.bySecond(sku, second, refused.sum()));
        });
        return batch;
    }

    private static final class OfSku {
        final Map<String, LongAdder> byReason = new ConcurrentHashMap<>();
        final Map<Long, LongAdder> bySecond = new ConcurrentHashMap<>();
    }
}
