package dev.flashsale.gate.boundary;

import dev.flashsale.gate.control.GateHealth;
import dev.flashsale.platform.redis.RedisFailures;
import dev.flashsale.platform.timer.IntervalTimer;
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
 * Opens the gate when Redis answers: at start-up and after every outage, the counters of all
 * live SKUs are first built from PostgreSQL. While the gate is open it does nothing.
 */
@Singleton
@Startup
@DependsOn("DatabaseMigration")
@ConcurrencyManagement(ConcurrencyManagementType.BEAN)
public class GateRecoveryTimer extends IntervalTimer {

    private static final Logger LOG = Logger.getLogger(GateRecoveryTimer.class.getName());
    private static final long FIRST_TICK_MILLIS = 100;

    @Inject
    GateCounters counters;

    @Inject
    GateHealth health;

    @Inject
    RedisGate gate;

    @Inject
    @ConfigProperty(name = "flashsale.gate.recovery-interval-ms")
    long intervalMillis;

    @Override
    protected String name() {
        return "redis-gate-recovery";
    }

    @Override
    protected long intervalMillis() {
        return intervalMillis;
    }

    @Override
    protected long firstTickMillis() {
        return FIRST_TICK_MILLIS;
    }

    @Override
    protected boolean runs() {
        if (!gate.enabled()) {
            LOG.info("Redis gate switched off (flashsale.gate.enabled=false): PostgreSQL alone decides");
        }
        return gate.enabled();
    }

    @Override
    protected void work() {
        if (health.isUp()) {
            return;
        }
        int built = counters.rebuildLive().size();
        health.opened();
        LOG.info(() -> "Redis answers: " + built + " counters built from PostgreSQL");
    }

    /** Redis still away is what this timer waits out (quiet); anything else is a bug (loud). The gate stays closed either way. */
    @Override
    protected Level levelOf(RuntimeException failure) {
        // Arrives wrapped in an EJBException: the rebuild is a transaction of its own.
        return RedisFailures.unreachable(failure) ? Level.FINE : Level.SEVERE;
    }
}
