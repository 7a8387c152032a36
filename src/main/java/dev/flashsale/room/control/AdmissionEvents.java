package dev.flashsale.room.control;

import dev.flashsale.room.entity.Stepped;
import jakarta.annotation.PostConstruct;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.util.UUID;
import java.util.logging.Level;
import java.util.logging.Logger;
import org.eclipse.microprofile.metrics.Counter;
import org.eclipse.microprofile.metrics.Metadata;
import org.eclipse.microprofile.metrics.MetricRegistry;

/**
 * The webhook events of admissions, written right after Redis answered the round that admitted
 * (admission happens in Redis; no PostgreSQL transaction records each one). What this can lose,
 * and when: the events of a round whose node dies between Redis' answer and the commit of their
 * outbox rows, or whose write fails (PostgreSQL away): logged and counted
 * ({@code flashsale_room_admission_events_lost_total}), never retried, as the admission stands.
 */
@ApplicationScoped
public class AdmissionEvents {

    private static final Logger LOG = Logger.getLogger(AdmissionEvents.class.getName());

    @Inject
    AdmissionOutbox outbox;

    @Inject
    MetricRegistry registry;

    private Counter lost;

    @PostConstruct
    void register() {
        lost = registry.counter(Metadata.builder().withName("flashsale.room.admission.events.lost")
                .withDescription("Admissions whose webhook events could not be written to the outbox").build());
    }

    public void admitted(UUID saleId, Stepped stepped) {
        if (stepped.tickets().isEmpty()) {
            return;
        }
        try {
            outbox.write(saleId, stepped);
        } catch (RuntimeException failed) {
            lost.inc(stepped.tickets().size());
            LOG.log(Level.WARNING, "Room of sale " + saleId + ": the webhook events of " + stepped.tickets().size()
                    + " admissions were not written", failed);
        }
    }
}
