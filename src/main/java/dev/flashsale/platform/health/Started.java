package dev.flashsale.platform.health;

import dev.flashsale.platform.database.DatabaseMigration;
import jakarta.ejb.EJBException;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.util.Optional;
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
        return HealthCheckResponse.named("migrations").status(shippedVersion(migration).isPresent()).build();
    }

    /**
     * The schema version the migrations brought, empty while they still run: the container refuses
     * calls to the migration bean until its start-up is over, and a probe then hears DOWN, not 500.
     */
    static Optional<String> shippedVersion(DatabaseMigration migration) {
        try {
            return migration.shippedVersion();
        } catch (EJBException starting) {
            return Optional.empty();
        }
    }
}
