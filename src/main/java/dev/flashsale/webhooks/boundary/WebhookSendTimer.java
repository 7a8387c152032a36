package dev.flashsale.webhooks.boundary;

import jakarta.annotation.PostConstruct;
import jakarta.annotation.Resource;
import jakarta.ejb.ConcurrencyManagement;
import jakarta.ejb.ConcurrencyManagementType;
import jakarta.ejb.DependsOn;
import jakarta.ejb.Singleton;
import jakarta.ejb.Startup;
import jakarta.ejb.Timeout;
import jakarta.ejb.TimerConfig;
import jakarta.ejb.TimerService;
import jakarta.ejb.TransactionAttribute;
import jakarta.ejb.TransactionAttributeType;
import jakarta.inject.Inject;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import java.util.logging.Level;
import java.util.logging.Logger;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * Runs the webhook sender every {@code flashsale.webhooks.send-interval-ms}, on every node (not
 * persistent: the sender is built for several at once). A round still sending when the next tick
 * comes lets that tick pass. Old events are forgotten once a minute or so.
 */
@Singleton
@Startup
@DependsOn("DatabaseMigration")
@ConcurrencyManagement(ConcurrencyManagementType.BEAN)
public class WebhookSendTimer {

    private static final Logger LOG = Logger.getLogger(WebhookSendTimer.class.getName());
    private static final long PRUNE_EVERY_TICKS = 60;
    private static final int ROUNDS_PER_TICK_MAX = 4;

    @Resource
    TimerService timers;

    @Inject
    WebhookSender sender;

    @Inject
    @ConfigProperty(name = "flashsale.webhooks.send-interval-ms")
    long intervalMillis;

    private final AtomicBoolean sending = new AtomicBoolean();
    private final AtomicLong ticks = new AtomicLong();

    @PostConstruct
    void schedule() {
        timers.createIntervalTimer(intervalMillis, intervalMillis, new TimerConfig("webhook-sender", false));
        LOG.info(() -> "Webhook sender runs every " + intervalMillis + " ms");
    }

    @Timeout
    @TransactionAttribute(TransactionAttributeType.NOT_SUPPORTED)
    void tick() {
        if (!sending.compareAndSet(false, true)) {
            return;
        }
        try {
            if (ticks.incrementAndGet() % PRUNE_EVERY_TICKS == 0) {
                sender.prune();
            }
            // After a full batch more may be due: send on within this tick, a few rounds at most.
            for (int round = 0; round < ROUNDS_PER_TICK_MAX; round++) {
                if (!sender.sendDue()) {
                    break;
                }
            }
        } catch (RuntimeException e) {
            LOG.log(Level.WARNING, "Webhook sending failed; the next tick tries again", e);
        } finally {
            sending.set(false);
        }
    }
}
