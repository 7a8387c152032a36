package dev.flashsale.room.control;

import dev.flashsale.platform.JsonBuilders;
import dev.flashsale.platform.id.SaleId;
import dev.flashsale.room.entity.Stepped;
import dev.flashsale.webhooks.boundary.Outbox;
import dev.flashsale.webhooks.entity.EventType;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.json.JsonObjectBuilder;
import jakarta.transaction.Transactional;
import java.time.Instant;
import java.util.List;

/**
 * Writes rounds of admissions' events to the outbox, in a transaction of their own: a
 * {@code ticket.admitted} for each buyer admitted and a {@code unit.reoffered} for each of them
 * handed a unit a hold gave back. A ticket is a secret (it fetches the admission token), so an
 * event names it by its commitment, the SHA-256 the lottery's record uses, with its buyer.
 */
@ApplicationScoped
public class AdmissionOutbox {

    @Inject
    Outbox outbox;

    /** The events of {@code rounds}, in one transaction. */
    @Transactional(Transactional.TxType.REQUIRES_NEW)
    public void write(List<AdmittedRound> rounds) {
        // Asked once for all the rounds: with no webhook listening, they write nothing, and ask nothing per buyer.
        boolean admittedHeard = outbox.listened(EventType.TICKET_ADMITTED);
        boolean reofferedHeard = rounds.stream().anyMatch(round -> round.stepped().reoffered() > 0)
                && outbox.listened(EventType.UNIT_REOFFERED);
        if (!admittedHeard && !reofferedHeard) {
            return;
        }
        for (AdmittedRound round : rounds) {
            Stepped stepped = round.stepped();
            for (int i = 0; i < stepped.tickets().size(); i++) {
                Stepped.AdmittedTicket admitted = stepped.tickets().get(i);
                if (admittedHeard) {
                    outbox.record(EventType.TICKET_ADMITTED, data(round.saleId(), admitted)
                            .add("tokenExpiresAt", Instant.ofEpochMilli(stepped.tokenExpiryMillis()).toString()).build());
                }
                if (reofferedHeard && i < stepped.reoffered()) {
                    outbox.record(EventType.UNIT_REOFFERED, data(round.saleId(), admitted).build());
                }
            }
        }
    }

    private static JsonObjectBuilder data(SaleId saleId, Stepped.AdmittedTicket admitted) {
        String buyer = admitted.buyer();
        int slash = buyer.indexOf('/');
        return JsonBuilders.object()
                .add("saleId", saleId.toString())
                .add("ticketCommitment", Lottery.commitment(admitted.ticket()))
                .add("buyerId", slash < 0 ? buyer : buyer.substring(slash + 1));
    }
}
