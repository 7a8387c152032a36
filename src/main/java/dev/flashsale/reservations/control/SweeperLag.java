package dev.flashsale.reservations.control;

import dev.flashsale.platform.database.QuickQueries;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.context.Initialized;
import jakarta.enterprise.event.Observes;
import jakarta.inject.Inject;
import org.eclipse.microprofile.metrics.Metadata;
import org.eclipse.microprofile.metrics.MetricRegistry;
import org.eclipse.microprofile.metrics.MetricUnits;

/**
 * The sweeper's lag as a gauge, read from PostgreSQL when the metrics are read: how long the most
 * overdue hold has waited past its deadline. It grows when the sweepers of every node stopped,
 * whatever each one believes it did. Unknown (NaN) when PostgreSQL does not answer in time.
 */
@ApplicationScoped
public class SweeperLag {

    @Inject
    QuickQueries queries;

    @Inject
    MetricRegistry registry;

    void register(@Observes @Initialized(ApplicationScoped.class) Object started) {
        registry.gauge(Metadata.builder().withName("flashsale.sweeper.lag").withUnit(MetricUnits.SECONDS)
                .withDescription("How long the most overdue hold has been past its deadline (0 when none is)").build(),
                this, SweeperLag::seconds);
    }

    double seconds() {
        return queries.firstRow("the sweeper's lag", "reservations/find_longest_overdue_seconds", row -> row.getDouble(1))
                .orElse(Double.NaN);
    }
}
