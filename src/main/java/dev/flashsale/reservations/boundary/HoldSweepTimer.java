package dev.flashsale.reservations.boundary;

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
 * Runs the hold sweeper every {@code flashsale.sweeper.interval-ms}, and then announces the holds
 * about to run out ({@link ExpiringHolds}). Every node runs its own, which the sweeper is built to allow.
 */
@Singleton
@Startup
@DependsOn("DatabaseMigration")
@ConcurrencyManagement(ConcurrencyManagementType.BEAN)
public class HoldSweepTimer extends IntervalTimer {

    @Inject
    HoldSweeper sweeper;

    @Inject
    ExpiringHolds expiring;

    @Inject
    @ConfigProperty(name = "flashsale.sweeper.interval-ms")
    long intervalMillis;

    @Override
    protected String name() {
        return "hold-sweeper";
    }

    @Override
    protected long intervalMillis() {
        return intervalMillis;
    }

    @Override
    protected void work() {
        step(Level.SEVERE, "Hold sweep failed", sweeper::sweep);
        step(Level.WARNING, "Holds about to expire not announced", expiring::announce);
    }
}
