package dev.flashsale.webhooks.boundary;

import dev.flashsale.platform.Refreshed;
import dev.flashsale.platform.database.QuickQueries;
import dev.flashsale.webhooks.control.Senders;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.context.Initialized;
import jakarta.enterprise.event.Observes;
import jakarta.inject.Inject;
import org.eclipse.microprofile.metrics.Metadata;
import org.eclipse.microprofile.metrics.MetricRegistry;
import org.eclipse.microprofile.metrics.Tag;

/**
 * What an operator watches of the webhooks: the deliveries pending (growing: a receiver is down,
 * or the senders fall behind) and failed (given up: look at them in the console, send them again),
 * counted in PostgreSQL, so every node reports the same figures (read once for both gauges, at
 * most once a second; unknown, NaN, when PostgreSQL does not answer in time); and this node's
 * senders at work (all of them, for long: receivers slow to answer, or more events than they send).
 */
@ApplicationScoped
public class WebhookGauges {

    private static final long REFRESH_MILLIS = 1000;
    private static final Counts UNKNOWN = new Counts(Double.NaN, Double.NaN);

    @Inject
    QuickQueries queries;

    @Inject
    MetricRegistry registry;

    @Inject
    Senders senders;

    private final Refreshed<Counts> counts = new Refreshed<>(UNKNOWN, REFRESH_MILLIS, this::read);

    private record Counts(double pending, double failed) {
    }

    void register(@Observes @Initialized(ApplicationScoped.class) Object started) {
        Metadata deliveries = Metadata.builder().withName("flashsale.webhooks.deliveries")
                .withDescription("Webhook deliveries pending (state=pending) and given up (state=failed), over all nodes")
                .build();
        registry.gauge(deliveries, this, gauges -> gauges.counts.get().pending(), new Tag("state", "pending"));
        registry.gauge(deliveries, this, gauges -> gauges.counts.get().failed(), new Tag("state", "failed"));
        registry.gauge(Metadata.builder().withName("flashsale.webhooks.sending")
                .withDescription("Webhook deliveries this node sends now, of its flashsale.webhooks.batch-size senders").build(),
                this, gauges -> gauges.senders.sending());
    }

    private Counts read() {
        return queries.firstRow("the webhook deliveries' counts", "webhooks/count_deliveries",
                row -> new Counts(row.getLong("pending"), row.getLong("failed"))).orElse(UNKNOWN);
    }
}
