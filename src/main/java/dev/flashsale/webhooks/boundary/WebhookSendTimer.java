package dev.flashsale.webhooks.boundary;

import dev.flashsale.platform.timer.IntervalTimer;
import dev.flashsale.webhooks.control.Senders;
import jakarta.ejb.ConcurrencyManagement;
import jakarta.ejb.ConcurrencyManagementType;
import jakarta.ejb.DependsOn;
import jakarta.ejb.Singleton;
import jakarta.ejb.Startup;
import jakarta.inject.Inject;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * Runs the webhook sender every {@code flashsale.webhooks.send-interval-ms}, on every node (the
 * sender is built for several at once). A tick claims again each time a sender finishes while more
 * may be due, until the timer service's shortest gap before the next tick (nine tenths of the
 * default second; half of an interval at least), so that a busy tick does not push the next one
 * back. Old events are forgotten every 60 ticks (a minute at the default interval).
 */
@Singleton
@Startup
@DependsOn("DatabaseMigration")
@ConcurrencyManagement(ConcurrencyManagementType.BEAN)
public class WebhookSendTimer extends IntervalTimer {

    private static final long PRUNE_EVERY_TICKS = 60;
    /** Claims a tick makes at most: each after a sender finished. */
    private static final int ROUNDS_PER_TICK_MAX = 64;

    @Inject
    WebhookSender sender;

    @Inject
    Senders senders;

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
        // While more may be due, claim again each time a sender finishes, within this tick, which
        // ends the timer service's shortest gap before the next one is due (ending later, it would
        // push that one back).
        long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(
                Math.max(intervalMillis / 2, intervalMillis - IntervalTimer.SHORTEST_MILLIS));
        for (int round = 0; round < ROUNDS_PER_TICK_MAX; round++) {
            long finished = senders.finished();
            if (!sender.sendDue() || !senders.awaitFinishedAfter(finished, deadline)) {
                break;
            }
        }
    }
}
