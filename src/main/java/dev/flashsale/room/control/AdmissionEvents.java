package dev.flashsale.room.control;

import dev.flashsale.platform.concurrent.Detached;
import dev.flashsale.platform.id.SaleId;
import dev.flashsale.room.entity.Stepped;
import jakarta.annotation.PostConstruct;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.logging.Level;
import java.util.logging.Logger;
import org.eclipse.microprofile.metrics.Counter;
import org.eclipse.microprofile.metrics.Metadata;
import org.eclipse.microprofile.metrics.MetricRegistry;

/**
 * The webhook events of admissions, written right after Redis answered the round that admitted
 * (admission happens in Redis; no PostgreSQL transaction records each one), off the polls'
 * threads, so that a poll never waits for PostgreSQL, nor for its absence. What this can lose,
 * and when: the events of a round whose node dies between Redis' answer and the commit of their
 * outbox rows, whose write fails (PostgreSQL away), or that finds {@link #WRITES_WAITING_MAX}
 * rounds' writes waiting already: logged and counted ({@code flashsale_room_admission_events_lost_total}),
 * never retried, as the admission stands.
 */
@ApplicationScoped
public class AdmissionEvents {

    private static final Logger LOG = Logger.getLogger(AdmissionEvents.class.getName());
    /** Rounds whose events wait to be written at most (PostgreSQL slow or away); past it they are lost. */
    static final int WRITES_WAITING_MAX = 256;

    @Inject
    AdmissionOutbox outbox;

    @Inject
    MetricRegistry registry;

    @Inject
    Detached detached;

    private Counter lost;
    private final AtomicInteger waiting = new AtomicInteger();

    @PostConstruct
    void register() {
        lost = registry.counter(Metadata.builder().withName("flashsale.room.admission.events.lost")
                .withDescription("Admissions whose webhook events could not be written to the outbox").build());
    }

    public void admitted(SaleId saleId, Stepped stepped) {
        if (stepped.tickets().isEmpty()) {
            return;
        }
        if (waiting.incrementAndGet() > WRITES_WAITING_MAX) {
            waiting.decrementAndGet();
            lost(saleId, stepped, new IllegalStateException(WRITES_WAITING_MAX + " rounds' events wait to be written already"));
            return;
        }
        try {
            detached.run(() -> {
                try {
                    outbox.write(saleId, stepped);
                } catch (RuntimeException failed) {
                    lost(saleId, stepped, failed);
                } finally {
                    waiting.decrementAndGet();
                }
            });
        } catch (RuntimeException refused) {
            waiting.decrementAndGet();
            lost(saleId, stepped, refused);
        }
    }

    private void lost(SaleId saleId, Stepped stepped, Exception why) {
        lost.inc(stepped.tickets().size());
        LOG.log(Level.WARNING, "Room of sale " + saleId + ": the webhook events of " + stepped.tickets().size()
                + " admissions were not written", why);
    }
}
