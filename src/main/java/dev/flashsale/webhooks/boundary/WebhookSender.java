package dev.flashsale.webhooks.boundary;

import dev.flashsale.webhooks.control.Backoff;
import dev.flashsale.webhooks.control.DeliveryBook;
import dev.flashsale.webhooks.control.Dispatcher;
import dev.flashsale.webhooks.control.Senders;
import dev.flashsale.webhooks.entity.Attempt;
import dev.flashsale.webhooks.entity.ClaimLimits;
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
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.ThreadLocalRandom;
import java.util.logging.Logger;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * One round of sending: claim as many due deliveries as the node has idle senders (one short
 * transaction, committed before any request goes out), and start sending them, outside any
 * transaction; each outcome is recorded as it comes (one short transaction each), so that no
 * receiver's slowness holds another's delivery ({@link Senders}). Safe on every node at once: claims
 * skip each other's rows, and an outcome is recorded only under the claim that sent it. A node
 * that dies between the claim and the record leaves its rows to be claimed again when their lease
 * runs out: at least once, never lost.
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
    Senders senders;

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

    /**
     * @return whether more may be due: the round claimed some, or passed a webhook over that had
     *         all it may have in flight (a new or slow receiver, one); its next deliveries are then
     *         claimed as senders finish, not at the next tick, however quickly they finish
     */
    @TransactionAttribute(TransactionAttributeType.NOT_SUPPORTED)
    public boolean sendDue() {
        if (senders.stopping()) {
            return false;
        }
        int idle = senders.idle();
        if (idle == 0) {
            return true;
        }
        WebhookSender transactional = context.getBusinessObject(WebhookSender.class);
        UUID claim = UUID.randomUUID();
        ClaimLimits limits = senders.limits();
        List<ClaimedDelivery> batch = transactional.claim(claim, idle, limits);
        for (ClaimedDelivery delivery : batch) {
            senders.send(delivery, dispatcher::attempt, attempt -> transactional.record(claim, attempt));
        }
        // Judged by the limits the claim had: a webhook passed over as busy then may have its
        // next deliveries due, even when its senders have finished by now.
        return !batch.isEmpty() || !limits.busy().isEmpty();
    }

    @TransactionAttribute(TransactionAttributeType.REQUIRES_NEW)
    public List<ClaimedDelivery> claim(UUID claim, int most, ClaimLimits limits) {
        return deliveries.claim(claim, NODE, most, limits, leaseSeconds);
    }

    /** One attempt's outcome, on the sender's thread: delivered, due again after its backoff, or failed for good. */
    @TransactionAttribute(TransactionAttributeType.REQUIRES_NEW)
    public void record(UUID claim, Attempt attempt) {
        if (attempt.delivered()) {
            deliveries.delivered(attempt);
            return;
        }
        long delay = backoff.delayMillis(attempt.delivery().attempt(), ThreadLocalRandom.current());
        Optional<DeliveryStatus> now = deliveries.attemptFailed(claim, attempt, delay, giveUpSeconds);
        if (now.isPresent() && now.get() == DeliveryStatus.FAILED) {
            LOG.warning(() -> "Webhook delivery " + attempt.delivery().id() + " failed for good after "
                    + attempt.delivery().attempt() + " attempts: " + attempt.error());
        }
    }

    /** Forgets a batch of old events none of whose deliveries is pending; @return how many */
    @TransactionAttribute(TransactionAttributeType.REQUIRES_NEW)
    public int prune() {
        return deliveries.prune(keptHours, PRUNE_BATCH);
    }
}
