package dev.flashsale.reports.boundary;

import dev.flashsale.platform.timer.IntervalTimer;
import dev.flashsale.reports.control.RefusalBatch;
import dev.flashsale.reports.control.SaleReportBook;
import jakarta.annotation.PreDestroy;
import jakarta.ejb.ConcurrencyManagement;
import jakarta.ejb.ConcurrencyManagementType;
import jakarta.ejb.DependsOn;
import jakarta.ejb.Singleton;
import jakarta.ejb.Startup;
import jakarta.inject.Inject;
import java.util.logging.Level;
import java.util.logging.Logger;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * Adds this node's refusal counts ({@link RefusalCounts}) to PostgreSQL every
 * {@code flashsale.reports.refusals-flush-ms}, by reason and by second, in two statements, and once more as
 * the node stops. Counts a flush could not write are lost, and the report's refusals are then a
 * lower bound, as it says.
 */
@Singleton
@Startup
@DependsOn("DatabaseMigration")
@ConcurrencyManagement(ConcurrencyManagementType.BEAN)
public class RefusalFlushTimer extends IntervalTimer {

    private static final Logger LOG = Logger.getLogger(RefusalFlushTimer.class.getName());

    @Inject
    RefusalCounts counts;

    @Inject
    SaleReportBook book;

    @Inject
    @ConfigProperty(name = "flashsale.reports.refusals-flush-ms")
    long intervalMillis;

    @Override
    protected String name() {
        return "refusal counts' flush";
    }

    @Override
    protected long intervalMillis() {
        return intervalMillis;
    }

    @Override
    protected void work() {
        RefusalBatch taken = counts.takeAll();
        if (!taken.isEmpty()) {
            book.addRefusals(taken);
        }
    }

    @PreDestroy
    void flushAsTheNodeStops() {
        try {
            work();
        } catch (RuntimeException failed) {
            LOG.log(Level.WARNING, "The last refusal counts were not written as the node stopped", failed);
        }
    }
}
