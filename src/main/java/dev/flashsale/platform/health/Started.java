package dev.flashsale.platform.health;

import dev.flashsale.platform.database.DatabaseMigration;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import org.eclipse.microprofile.health.HealthCheck;
import org.eclipse.microprofile.health.HealthCheckResponse;

/** Started = the schema migrations ran at start-up (nothing else serves before them). */
@org.eclipse.microprofile.health.Startup
@ApplicationScoped
public class Started implements HealthCheck {

    @Inject
    DatabaseMigration migration;

    @Override
    public HealthCheckResponse call() {
        return HealthCheckResponse.named("migrations").status(migration.shippedVersion().isPresent()).build();
    }
}
