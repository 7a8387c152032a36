package dev.flashsale.webhooks.boundary;

import dev.flashsale.platform.timer.IntervalTimer;
import jakarta.ejb.ConcurrencyManagement;
import jakarta.ejb.ConcurrencyManagementType;
import jakarta.ejb.DependsOn;
import jakarta.ejb.Singleton;
import jakarta.ejb.Startup;
import jakarta.inject.Inject;
import java.util.concurrent.atomic.AtomicLong;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * Runs the webhook sender every {@code flashsale.webhooks.send-interval-ms}, on every node (the
 * sender is built for several at once). A round still sending when the next tick comes lets that
 * tick pass. Old events are forgotten once a minute or so.
 */
@Singleton
@Startup
@DependsOn("DatabaseMigration")
@ConcurrencyManagement(ConcurrencyManagementType.BEAN)
public class WebhookSendTimer extends IntervalTimer {

    private static final long PRUNE_EVERY_TICKS = 60;
    private static final int ROUNDS_PER_TICK_MAX = 4;

    @Inject
    WebhookSender sender;

    @Inject
    @ConfigProperty(name = "flashsale.webhooks.send-interval-ms")
    long intervalMillis;

    private final AtomicLong ticks = new AtomicLong();

    @Override
    protected String name() {
        return "webhook-sender";
    }

    @Override
    protected long intervalMillis() {
        return intervalMillis;
    }

    @Override
    protected void work() {
        if (ticks.incrementAndGet() % PRUNE_EVERY_TICKS == 0) {
            sender.prune();
        }
        // After a full batch more may be due: send on within this tick, a few rounds at most.
        for (int round = 0; round < ROUNDS_PER_TICK_MAX; round++) {
            if (!sender.sendDue()) {
                break;
            }
        }
    }
}
