package dev.flashsale.sales.boundary;

import dev.flashsale.platform.Refreshed;
import dev.flashsale.platform.sql.Statements;
import dev.flashsale.sales.entity.SaleOpened;
import dev.flashsale.sales.entity.SaleWritten;
import dev.flashsale.stock.entity.Sku;
import jakarta.annotation.PostConstruct;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import jakarta.enterprise.event.TransactionPhase;
import jakarta.inject.Inject;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.logging.Level;
import java.util.logging.Logger;
import java.util.stream.Collectors;
import org.eclipse.microprofile.metrics.Counter;
import org.eclipse.microprofile.metrics.Metadata;
import org.eclipse.microprofile.metrics.MetricRegistry;

/**
 * The SKUs some sale has, kept in memory so that a request for a SKU no sale has is refused
 * without asking Redis or opening a transaction: a crowd of made-up SKUs costs one read of every
 * SKU (over a connection of the pool) at most every {@link #RECENT_MILLIS} on this node, which the
 * requests that come meanwhile wait for and share. So a SKU is told apart from an unknown one at
 * most that long after its sale was written on another node; after a sale is written (created or
 * changed) or opened on this node, the next miss reads again at once. A SKU once read stays known
 * (taken out of a draft, PostgreSQL refuses it); one read holds every SKU of every sale, closed
 * ones too, so it grows with the sales, never with what the crowd asks for.
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

    /** The SKUs as last read without failing, and when that read began; a read that fails leaves both as they were. */
    private Refreshed<Read> skus;

    private Counter reads;

    /** Whether the last read failed: a failure is logged as a warning once, not at every read of a crowd. */
    private volatile boolean failing;

    @PostConstruct
    void create() {
        // Read on a miss or after a change on this node only: a SKU the crowd knows is never missing.
        skus = new Refreshed<>(new Read(Set.of(), System.nanoTime() - TimeUnit.DAYS.toNanos(1)), Long.MAX_VALUE, this::read);
        reads = registry.counter(Metadata.builder().withName("flashsale.sales.sku-reads")
                .withDescription("Reads of every sale's SKUs from PostgreSQL, after a miss or a change on this node").build());
    }

    /**
     * Whether no sale has the SKU, as read from PostgreSQL at most {@link #RECENT_MILLIS} ago.
     * False when it could not be read lately: then PostgreSQL is asked as before, and answers.
     */
    public boolean noSaleHas(Sku sku) {
        // A SKU once read stays known, even while a change made here is read again: nothing waits.
        if (skus.last().skus().contains(sku)) {
            return false;
        }
        long askedAt = System.nanoTime();
        Read recent = skus.noOlderThan(RECENT_MILLIS);
        return !recent.skus().contains(sku) && askedAt - recent.startedAtNanos() <= TimeUnit.MILLISECONDS.toNanos(RECENT_MILLIS);
    }

    void opened(@Observes(during = TransactionPhase.AFTER_SUCCESS) SaleOpened opened) {
        skus.changed();
    }

    void written(@Observes(during = TransactionPhase.AFTER_SUCCESS) SaleWritten written) {
        skus.changed();
    }

    private Read read() {
        long startedAt = System.nanoTime();
        reads.inc();
        try {
            Set<Sku> read = sql.named("sales/find_skus").values().stream().map(sku -> new Sku((String) sku))
                    .collect(Collectors.toUnmodifiableSet());
            failing = false;
            return new Read(read, startedAt);
        } catch (RuntimeException e) {
            // Up to ten reads a second fail while PostgreSQL is away: the first is a warning.
            LOG.log(failing ? Level.FINE : Level.WARNING, "The SKUs of the sales were not read again; PostgreSQL answers for those missing", e);
            failing = true;
            throw e;
        }
    }

    /** Every SKU of every sale, as a read that began at {@code startedAtNanos} ({@link System#nanoTime()}) found them. */
    private record Read(Set<Sku> skus, long startedAtNanos) {
    }
}
