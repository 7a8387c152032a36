package dev.flashsale.reconciliation.boundary;

import dev.flashsale.platform.timer.IntervalTimer;
import jakarta.ejb.ConcurrencyManagement;
import jakarta.ejb.ConcurrencyManagementType;
import jakarta.ejb.DependsOn;
import jakarta.ejb.Singleton;
import jakarta.ejb.Startup;
import jakarta.inject.Inject;
import java.util.logging.Level;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * Runs reconciliation every {@code flashsale.reconciliation.interval-ms}. Every node has its own
 * timer, and the run's advisory lock lets one of them work at a time.
 */
@Singleton
@Startup
@DependsOn("DatabaseMigration")
@ConcurrencyManagement(ConcurrencyManagementType.BEAN)
public class ReconciliationTimer extends IntervalTimer {

    @Inject
    Reconciler reconciler;

    @Inject
    @ConfigProperty(name = "flashsale.reconciliation.interval-ms")
    long intervalMillis;

    @Override
    protected String name() {
        return "reconciliation";
    }

    @Override
    protected long intervalMillis() {
        return intervalMillis;
    }

    @Override
    protected void work() {
        reconciler.run();
    }

    @Override
    protected Level levelOf(RuntimeException failure) {
        return Level.SEVERE;
    }
}
