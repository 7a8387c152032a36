package dev.flashsale.sales.boundary;

import dev.flashsale.platform.Refreshed;
import dev.flashsale.platform.sql.Statements;
import dev.flashsale.sales.entity.SaleOpened;
import dev.flashsale.sales.entity.SaleStockChanged;
import dev.flashsale.stock.entity.Sku;
import jakarta.annotation.PostConstruct;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import jakarta.enterprise.event.TransactionPhase;
import jakarta.inject.Inject;
import java.util.Set;
import java.util.logging.Level;
import java.util.logging.Logger;
import java.util.stream.Collectors;
import org.eclipse.microprofile.metrics.Counter;
import org.eclipse.microprofile.metrics.Metadata;
import org.eclipse.microprofile.metrics.MetricRegistry;

/**
 * The SKUs some sale has, kept in memory so that a request for a SKU no sale has is refused
 * without a round trip: no Redis call, no transaction, no connection of the pool, whatever a
 * crowd of made-up SKUs asks. A SKU missing here is looked up by reading every SKU again, at most
 * once in {@link #RECENT_MILLIS} on this node (the callers that come meanwhile wait for that
 * read), so a SKU is told apart from an unknown one at most that long after its sale was written
 * on another node; on this node, a sale opened or given units is read again at once. A SKU kept
 * here that no sale has any more (taken out of a draft) is PostgreSQL's to refuse. Only SKUs of
 * sales are kept: what the crowd asks for adds nothing.
 */
@ApplicationScoped
public class KnownSkus {

    /** How old the SKUs read may be when a request asks for one they lack. */
    static final long RECENT_MILLIS = 100;

    private static final Logger LOG = Logger.getLogger(KnownSkus.class.getName());

    @Inject
    Statements sql;

    @Inject
    MetricRegistry registry;

    private Refreshed<Set<Sku>> skus;

    private Counter reads;

    /** When the SKUs were last read without failing; a read that fails leaves them as they were. */
    private volatile long readAt;

    @PostConstruct
    void create() {
        // Read on a miss or after a change on this node only: a SKU the crowd knows is never missing.
        skus = new Refreshed<>(Set.of(), Long.MAX_VALUE, this::read);
        reads = registry.counter(Metadata.builder().withName("flashsale.sales.sku-reads")
                .withDescription("Reads of every sale's SKUs from PostgreSQL, after a miss or a change on this node").build());
    }

    /**
     * Whether no sale has the SKU, as read from PostgreSQL at most {@link #RECENT_MILLIS} ago.
     * False when it could not be read lately: then PostgreSQL is asked as before, and answers.
     */
    public boolean noSaleHas(Sku sku) {
        if (skus.get().contains(sku)) {
            return false;
        }
        long askedAt = System.currentTimeMillis();
        return !skus.noOlderThan(RECENT_MILLIS).contains(sku) && askedAt - readAt <= RECENT_MILLIS;
    }

    void opened(@Observes(during = TransactionPhase.AFTER_SUCCESS) SaleOpened opened) {
        skus.changed();
    }

    void stockChanged(@Observes(during = TransactionPhase.AFTER_SUCCESS) SaleStockChanged changed) {
        skus.changed();
    }

    private Set<Sku> read() {
        long startedAt = System.currentTimeMillis();
        reads.inc();
        try {
            Set<Sku> read = sql.named("sales/find_skus").values().stream().map(sku -> new Sku((String) sku))
                    .collect(Collectors.toUnmodifiableSet());
            readAt = startedAt;
            return read;
        } catch (RuntimeException e) {
            LOG.log(Level.WARNING, "The SKUs of the sales were not read again; PostgreSQL answers for those missing", e);
            throw e;
        }
    }
}
