package dev.flashsale.reservations.control;

import dev.flashsale.reservations.entity.ExpiredHolds;
import jakarta.annotation.PostConstruct;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.time.Duration;
import java.util.concurrent.ConcurrentHashMap;
import org.eclipse.microprofile.metrics.Counter;
import org.eclipse.microprofile.metrics.Metadata;
import org.eclipse.microprofile.metrics.MetricRegistry;
import org.eclipse.microprofile.metrics.Tag;
import org.eclipse.microprofile.metrics.Timer;

/**
 * The reservations' metrics: every reserve answer by outcome and problem type, how long a reserve
 * took (a histogram, buckets in microprofile-config.properties), and what the sweeper expired.
 */
@ApplicationScoped
public class ReservationMetrics {

    /** The problem tag of an answer that is not a problem (a reservation, new or replayed). */
    public static final String NO_PROBLEM = "none";

    private static final Metadata ANSWERS = Metadata.builder().withName("flashsale.reservations")
            .withDescription("Answers to reserve requests, by outcome (created, replayed, refused, failed) and problem type").build();

    @Inject
    MetricRegistry registry;

    /** One counter per status and problem type met: both come from a small fixed set. */
    private final ConcurrentHashMap<String, Counter> answers = new ConcurrentHashMap<>();
    private Timer duration;
    private Counter expiredHolds;
    private Counter expiredUnits;

    @PostConstruct
    void register() {
        duration = registry.timer(Metadata.builder().withName("flashsale.reserve.duration")
                .withDescription("Time to answer a reserve request, from the matched request to its answer").build());
        expiredHolds = registry.counter(Metadata.builder().withName("flashsale.sweeper.expired.holds")
                .withDescription("Holds the sweeper expired after their deadline").build());
        expiredUnits = registry.counter(Metadata.builder().withName("flashsale.sweeper.expired.units")
                .withDescription("Units the sweeper put back on sale").build());
    }

    public void answered(int status, String problem, long nanos) {
        answers.computeIfAbsent(status + " " + problem, unused -> registry.counter(ANSWERS,
                new Tag("outcome", outcome(status)), new Tag("status", Integer.toString(status)), new Tag("problem", problem)))
                .inc();
        duration.update(Duration.ofNanos(nanos));
    }

    public void swept(ExpiredHolds expired) {
        expiredHolds.inc(expired.holds());
        expiredUnits.inc(expired.units());
    }

    private static String outcome(int status) {
        if (status == 201) {
            return "created";
        }
        if (status < 300) {
            return "replayed";
        }
        return status < 500 ? "refused" : "failed";
    }
}
