package dev.flashsale.reservations.control;

import dev.flashsale.reservations.entity.CheckoutGroups;
import jakarta.annotation.PostConstruct;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.context.Initialized;
import jakarta.enterprise.event.Observes;
import jakarta.inject.Inject;
import org.eclipse.microprofile.metrics.Counter;
import org.eclipse.microprofile.metrics.Histogram;
import org.eclipse.microprofile.metrics.Metadata;
import org.eclipse.microprofile.metrics.MetricRegistry;

/**
 * What this node's reserve transactions did since it started: kept as the application's metrics
 * (MicroProfile Metrics, at /metrics) and read back for {@link CheckoutGroups}.
 */
@ApplicationScoped
public class CheckoutCounters {

    @Inject
    MetricRegistry registry;

    private Histogram groupSizes;
    private Counter undecided;
    private Counter retried;
    private Counter gaveUp;

    /** Registered at start-up, so that every metric is there, at zero, before the first checkout. */
    void registerEarly(@Observes @Initialized(ApplicationScoped.class) Object started) {
        // Creating the bean registered its metrics.
    }

    @PostConstruct
    void register() {
        groupSizes = registry.histogram(Metadata.builder().withName("flashsale.checkout.group.size")
                .withDescription("Reservations decided by one group transaction on one stock row").build());
        undecided = registry.counter(Metadata.builder().withName("flashsale.checkout.undecided")
                .withDescription("Requests whose group transaction failed, reserved again on their own").build());
        retried = registry.counter(Metadata.builder().withName("flashsale.checkout.retried")
                .withDescription("Reserve transactions rolled back (a key race, a deadlock) and tried again").build());
        gaveUp = registry.counter(Metadata.builder().withName("flashsale.checkout.gave.up")
                .withDescription("Requests that waited in a checkout line past flashsale.checkout.wait-ms (answered 503)").build());
    }

    public void groupRun(int size) {
        groupSizes.update(size);
    }

    public void leftUndecided() {
        undecided.inc();
    }

    /** A reserve transaction rolled back (a key race or a deadlock) and tried again. */
    public void triedAgain() {
        retried.inc();
    }

    /** A request waited in line past its deadline and was answered 503. */
    public void gaveUpWaiting() {
        gaveUp.inc();
    }

    /** @param lines the stock rows with requests in line right now */
    public CheckoutGroups snapshot(int groupMax, int lines) {
        return new CheckoutGroups(groupMax, groupSizes.getCount(), groupSizes.getSum(), undecided.getCount(),
                retried.getCount(), gaveUp.getCount(), lines);
    }
}
