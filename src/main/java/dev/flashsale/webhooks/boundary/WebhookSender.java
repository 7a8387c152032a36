package dev.flashsale.webhooks.boundary;

import dev.flashsale.webhooks.control.Backoff;
import dev.flashsale.webhooks.control.DeliveryBook;
import dev.flashsale.webhooks.control.Dispatcher;
import dev.flashsale.webhooks.entity.Attempt;
import dev.flashsale.webhooks.entity.ClaimedDelivery;
import dev.flashsale.webhooks.entity.DeliveryStatus;
import jakarta.annotation.PostConstruct;
import jakarta.annotation.Resource;
import jakarta.ejb.SessionContext;
import jakarta.ejb.Stateless;
import jakarta.ejb.TransactionAttribute;
import jakarta.ejb.TransactionAttributeType;
import jakarta.inject.Inject;
import java.lang.management.ManagementFactory;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.ThreadLocalRandom;
import java.util.logging.Logger;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * One round of sending: claim a batch of due deliveries (one short transaction, committed before
 * any request goes out), send them at once outside any transaction, then record each outcome (one
 * short transaction). Safe on every node at once: claims skip each other's rows, and an outcome
 * is recorded only under the claim that sent it. A node that dies between the claim and the
 * record leaves its rows to be claimed again when their lease runs out: at least once, never lost.
 */
@Stateless
public class WebhookSender {

    private static final Logger LOG = Logger.getLogger(WebhookSender.class.getName());
    /** Events forgotten per round at most (see flashsale.webhooks.kept-hours). */
    private static final int PRUNE_BATCH = 500;
    /** This node, as a claim names it (for an operator reading the table). */
    private static final String NODE = ManagementFactory.getRuntimeMXBean().getName();

    @Inject
    DeliveryBook deliveries;

    @Inject
    Dispatcher dispatcher;

    @Inject
    @ConfigProperty(name = "flashsale.webhooks.batch-size")
    int batchSize;

    @Inject
    @ConfigProperty(name = "flashsale.webhooks.lease-seconds")
    int leaseSeconds;

    @Inject
    @ConfigProperty(name = "flashsale.webhooks.retry-base-ms")
    long retryBaseMillis;

    @Inject
    @ConfigProperty(name = "flashsale.webhooks.retry-max-ms")
    long retryMaxMillis;

    @Inject
    @ConfigProperty(name = "flashsale.webhooks.give-up-seconds")
    int giveUpSeconds;

    @Inject
    @ConfigProperty(name = "flashsale.webhooks.kept-hours")
    int keptHours;

    @Resource
    SessionContext context;

    private Backoff backoff;

    @PostConstruct
    void settle() {
        backoff = new Backoff(retryBaseMillis, Math.max(retryBaseMillis, retryMaxMillis));
    }

    /** @return whether the round claimed a full batch (more may be due) */
    @TransactionAttribute(TransactionAttributeType.NOT_SUPPORTED)
    public boolean sendDue() {
        WebhookSender transactional = context.getBusinessObject(WebhookSender.class);
        UUID claim = UUID.randomUUID();
        List<ClaimedDelivery> batch = transactional.claim(claim);
        if (batch.isEmpty()) {
            return false;
        }
        List<Attempt> attempts = dispatcher.send(batch);
        transactional.record(claim, attempts);
        return batch.size() >= batchSize;
    }

    @TransactionAttribute(TransactionAttributeType.REQUIRES_NEW)
    public List<ClaimedDelivery> claim(UUID claim) {
        return deliveries.claim(claim, NODE, batchSize, leaseSeconds);
    }

    /**
     * The outcomes, in the order of the deliveries' ids (as PostgreSQL orders a uuid: its hex text),
     * the order a webhook's deletion locks its deliveries in (db/webhooks/lock_deliveries_of_webhook.sql).
     */
    @TransactionAttribute(TransactionAttributeType.REQUIRES_NEW)
    public void record(UUID claim, List<Attempt> attempts) {
        List<Attempt> inIdOrder = attempts.stream().sorted(Comparator.comparing(attempt -> attempt.delivery().id().toString())).toList();
        for (Attempt attempt : inIdOrder) {
            if (attempt.delivered()) {
                deliveries.delivered(attempt);
                continue;
            }
            long delay = backoff.delayMillis(attempt.delivery().attempt(), ThreadLocalRandom.current());
            Optional<DeliveryStatus> now = deliveries.attemptFailed(claim, attempt, delay, giveUpSeconds);
            if (now.isPresent() && now.get() == DeliveryStatus.FAILED) {
                LOG.warning(() -> "Webhook delivery " + attempt.delivery().id() + " failed for good after "
                        + attempt.delivery().attempt() + " attempts: " + attempt.error());
            }
        }
    }

    /** Forgets a batch of old events none of whose deliveries is pending; @return how many */
    @TransactionAttribute(TransactionAttributeType.REQUIRES_NEW)
    public int prune() {
        return deliveries.prune(keptHours, PRUNE_BATCH);
    }
}
