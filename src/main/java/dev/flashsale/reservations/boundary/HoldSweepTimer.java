package dev.flashsale.reservations.boundary;

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
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.logging.Level;
import java.util.logging.Logger;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * Runs the hold sweeper every {@code flashsale.sweeper.interval-ms}, and then announces the holds
 * about to run out ({@link ExpiringHolds}). The timer is not
 * persistent: every app node runs its own, which the sweeper is built to allow.
 */
@Singleton
@Startup
@DependsOn("DatabaseMigration")
@ConcurrencyManagement(ConcurrencyManagementType.BEAN)
public class HoldSweepTimer {

    private static final Logger LOG = Logger.getLogger(HoldSweepTimer.class.getName());

    @Resource
    TimerService timers;

    @Inject
    HoldSweeper sweeper;

    @Inject
    ExpiringHolds expiring;

    @Inject
    @ConfigProperty(name = "flashsale.sweeper.interval-ms")
    long intervalMillis;

    private final AtomicBoolean sweeping = new AtomicBoolean();

    @PostConstruct
    void schedule() {
        timers.createIntervalTimer(intervalMillis, intervalMillis, new TimerConfig("hold-sweeper", false));
        LOG.info(() -> "Hold sweeper runs every " + intervalMillis + " ms");
    }

    @Timeout
    @TransactionAttribute(TransactionAttributeType.NOT_SUPPORTED)
    void tick() {
        if (!sweeping.compareAndSet(false, true)) {
            return; // the previous sweep is still at work
        }
        try {
            try {
                sweeper.sweep();
            } catch (RuntimeException e) {
                LOG.log(Level.SEVERE, "Hold sweep failed; the next tick tries again", e);
            }
            try {
                expiring.announce();
            } catch (RuntimeException e) {
                LOG.log(Level.WARNING, "Holds about to expire not announced; the next tick tries again", e);
            }
        } finally {
            sweeping.set(false);
        }
    }
}
