package dev.flashsale.platform.health;

import jakarta.enterprise.context.ApplicationScoped;
import java.lang.management.ManagementFactory;
import org.eclipse.microprofile.health.HealthCheck;
import org.eclipse.microprofile.health.HealthCheckResponse;

/**
 * Live = no threads deadlocked on each other's monitors or locks: the one state a restart
 * cures. A slow or absent database is not a reason to be restarted (readiness says so).
 */
@org.eclipse.microprofile.health.Liveness
@ApplicationScoped
public class Liveness implements HealthCheck {

    @Override
    public HealthCheckResponse call() {
        long[] deadlocked = ManagementFactory.getThreadMXBean().findDeadlockedThreads();
        return HealthCheckResponse.named("threads").status(deadlocked == null)
                .withData("deadlocked", deadlocked == null ? 0 : deadlocked.length).build();
    }
}
