package dev.flashsale.reconciliation.boundary;

import jakarta.annotation.PostConstruct;
import jakarta.annotation.Resource;
import jakarta.ejb.ConcurrencyManagement;
import jakarta.ejb.ConcurrencyManagementType;
import jakarta.ejb.DependsOn;
import jakarta.ejb.Singleton;
import jakarta.ejb.Startup;
import jakarta.ejb.Timeout;
import jakarta.ejb.TimerConfig;
import jakarta.ejb.TimerService;
import jakarta.ejb.TransactionAttribute;
import jakarta.ejb.TransactionAttributeType;
import jakarta.inject.Inject;
import java.util.logging.Level;
import java.util.logging.Logger;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * Runs reconciliation every {@code flashsale.reconciliation.interval-ms}. Non-persistent: every
 * node has its own timer, and the run's advisory lock lets one of them work at a time.
 */
@Singleton
@Startup
@DependsOn("DatabaseMigration")
@ConcurrencyManagement(ConcurrencyManagementType.BEAN)
public class ReconciliationTimer {

    private static final Logger LOG = Logger.getLogger(ReconciliationTimer.class.getName());

    @Resource
    TimerService timers;

    @Inject
    Reconciler reconciler;

    @Inject
    @ConfigProperty(name = "flashsale.reconciliation.interval-ms")
    long intervalMillis;

    @PostConstruct
    void schedule() {
        timers.createIntervalTimer(intervalMillis, intervalMillis, new TimerConfig("reconciliation", false));
    }

    @Timeout
    @TransactionAttribute(TransactionAttributeType.NOT_SUPPORTED)
    void tick() {
        try {
            reconciler.run();
        } catch (RuntimeException e) {
            LOG.log(Level.SEVERE, "Reconciliation run failed; the next tick tries again", e);
        }
    }
}
