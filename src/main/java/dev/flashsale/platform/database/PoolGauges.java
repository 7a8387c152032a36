package dev.flashsale.platform.database;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.context.Initialized;
import jakarta.enterprise.event.Observes;
import jakarta.inject.Inject;
import java.util.Optional;
import org.eclipse.microprofile.config.inject.ConfigProperty;
import org.eclipse.microprofile.metrics.Metadata;
import org.eclipse.microprofile.metrics.MetricRegistry;
import org.eclipse.microprofile.metrics.Tag;

/**
 * The connection pool's use as gauges: the connections this node holds open in PostgreSQL and
 * how many are in use, as PostgreSQL sees them (the server keeps the statistics of an
 * application's own pool to itself), beside the pool's bound. Read once for both gauges, at most
 * once a second; unknown (NaN) when PostgreSQL does not answer in time.
 */
@ApplicationScoped
public class PoolGauges {

    private static final long FRESH_NANOS = 1_000_000_000L;

    @Inject
    QuickQueries queries;

    @Inject
    MetricRegistry registry;

    /** The pool's bound as the launch script set it (FLASHSALE_DB_MAX_POOL_SIZE, payara/data-source.asadmin). */
    @Inject
    @ConfigProperty(name = "flashsale.db.max-pool-size")
    int maxPoolSize;

    /** The last reading; null until the first. */
    private volatile Use last;

    void register(@Observes @Initialized(ApplicationScoped.class) Object started) {
        Metadata connections = Metadata.builder().withName("flashsale.db.connections")
                .withDescription("Connections of this node's pool open in PostgreSQL (state=open), and those in use (state=in_use)")
                .build();
        registry.gauge(connections, this, gauges -> gauges.use().open(), new Tag("state", "open"));
        registry.gauge(connections, this, gauges -> gauges.use().inUse(), new Tag("state", "in_use"));
        registry.gauge(Metadata.builder().withName("flashsale.db.connections.max")
                .withDescription("The most connections this node's pool opens").build(),
                this, gauges -> gauges.maxPoolSize);
    }

    private Use use() {
        Use known = last;
        if (known != null && System.nanoTime() - known.readAt() < FRESH_NANOS) {
            return known;
        }
        Optional<Use> read = queries.firstRow("the connection pool's use", "health/count_pool_connections",
                row -> new Use(row.getLong("open"), row.getLong("in_use"), System.nanoTime()));
        Use now = read.orElse(new Use(Double.NaN, Double.NaN, System.nanoTime()));
        last = now;
        return now;
    }

    private record Use(double open, double inUse, long readAt) {
    }
}
