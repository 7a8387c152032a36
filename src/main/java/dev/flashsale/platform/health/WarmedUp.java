package dev.flashsale.platform.health;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import org.eclipse.microprofile.health.HealthCheck;
import org.eclipse.microprofile.health.HealthCheckResponse;
import org.eclipse.microprofile.health.Readiness;

/** Ready only once the request path is warm ({@link Warmup}): a load balancer sends the crowd after that. */
@Readiness
@ApplicationScoped
public class WarmedUp implements HealthCheck {

    @Inject
    Warmup warmup;

    @Override
    public HealthCheckResponse call() {
        return HealthCheckResponse.named("warmup").status(warmup.finished())
                .withData("state", warmup.state().name().toLowerCase())
                .withData("requests", warmup.sent())
                .build();
    }
}
