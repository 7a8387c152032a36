package dev.flashsale.room.control;

import dev.flashsale.platform.concurrent.Detached;
import dev.flashsale.platform.concurrent.OneWriter;
import dev.flashsale.platform.id.SaleId;
import dev.flashsale.room.entity.Stepped;
import jakarta.annotation.PostConstruct;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.util.List;
import java.util.logging.Level;
import java.util.logging.Logger;
import org.eclipse.microprofile.metrics.Counter;
import org.eclipse.microprofile.metrics.Metadata;
import org.eclipse.microprofile.metrics.MetricRegistry;

/**
 * The webhook events of admissions, written right after Redis answered the round that admitted
 * (admission happens in Redis; no PostgreSQL transaction records each one), off the polls'
 * threads, so that a poll never waits for PostgreSQL, nor for its absence. One writer at a time
 * ({@link OneWriter}) takes every round waiting and writes them in one transaction
 * ({@link AdmissionOutbox}): under a crowd, the rounds of a transaction's time share it. What
 * this can lose, and when: the events of rounds whose node dies between Redis' answer and the
 * commit of their outbox rows, whose write fails (PostgreSQL away), that find
 * {@link #ROUNDS_WAITING_MAX} rounds waiting already, or that the server refuses a thread to
 * write: logged and counted
 * ({@code flashsale_room_admission_events_lost_total}), never retried, as the admission stands.
 */
@ApplicationScoped
public class AdmissionEvents {

    private static final Logger LOG = Logger.getLogger(AdmissionEvents.class.getName());
    /** Rounds whose events wait to be written at most (PostgreSQL slow or away); past it they are lost. */
    static final int ROUNDS_WAITING_MAX = 256;

    @Inject
    AdmissionOutbox outbox;

    @Inject
    MetricRegistry registry;

    @Inject
    Detached detached;

    private Counter lost;
    private OneWriter<AdmittedRound> writer;

    @PostConstruct
    void register() {
        lost = registry.counter(Metadata.builder().withName("flashsale.room.admission.events.lost")
                .withDescription("Admissions whose webhook events could not be written to the outbox").build());
        writer = new OneWriter<>(ROUNDS_WAITING_MAX, outbox::write, detached::run, this::lost);
    }

    public void admitted(SaleId saleId, Stepped stepped) {
        if (!stepped.tickets().isEmpty()) {
            writer.add(new AdmittedRound(saleId, stepped));
        }
    }

    private void lost(List<AdmittedRound> rounds, RuntimeException why) {
        int admissions = rounds.stream().mapToInt(round -> round.stepped().tickets().size()).sum();
        if (admissions == 0) {
            return;
        }
        lost.inc(admissions);
        LOG.log(Level.WARNING, "Waiting rooms " + rounds.stream().map(AdmittedRound::saleId).distinct().toList()
                + ": the webhook events of " + admissions + " admissions were not written", why);
    }
}
