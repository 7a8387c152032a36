package dev.flashsale.gate.boundary;

import dev.flashsale.gate.control.GateHealth;
import dev.flashsale.platform.redis.RedisFailures;
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
 * Opens the gate when Redis answers: at start-up and after every outage, the counters of all
 * live SKUs are first built from PostgreSQL. While the gate is open it does nothing.
 */
@Singleton
@Startup
@DependsOn("DatabaseMigration")
@ConcurrencyManagement(ConcurrencyManagementType.BEAN)
public class GateRecoveryTimer {

    private static final Logger LOG = Logger.getLogger(GateRecoveryTimer.class.getName());

    @Resource
    TimerService timers;

    @Inject
    GateCounters counters;

    @Inject
    GateHealth health;

    @Inject
    RedisGate gate;

    @Inject
    @ConfigProperty(name = "flashsale.gate.recovery-interval-ms")
    long intervalMillis;

    @PostConstruct
    void schedule() {
        if (gate.enabled()) {
            timers.createIntervalTimer(100, intervalMillis, new TimerConfig("redis-gate-recovery", false));
        } else {
            LOG.info("Redis gate switched off (flashsale.gate.enabled=false): PostgreSQL alone decides");
        }
    }

    @Timeout
    @TransactionAttribute(TransactionAttributeType.NOT_SUPPORTED)
    void tick() {
        if (health.isUp()) {
            return;
        }
        try {
            int built = counters.rebuildLive().size();
            health.opened();
            LOG.info(() -> "Redis answers: " + built + " counters built from PostgreSQL");
        } catch (RuntimeException e) {
            // Arrives wrapped in an EJBException: the rebuild is a transaction of its own.
            boolean unreachable = RedisFailures.unreachable(e);
            LOG.log(unreachable ? Level.FINE : Level.SEVERE,
                    "Could not build the gate's counters; the gate stays closed and PostgreSQL alone decides", e);
        }
    }
}
