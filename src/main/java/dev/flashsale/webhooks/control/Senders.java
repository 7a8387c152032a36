package dev.flashsale.webhooks.control;

import dev.flashsale.webhooks.entity.Attempt;
import dev.flashsale.webhooks.entity.ClaimedDelivery;
import jakarta.annotation.PostConstruct;
import jakarta.annotation.PreDestroy;
import jakarta.annotation.Resource;
import jakarta.enterprise.concurrent.ManagedThreadFactory;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.util.HashMap;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import java.util.function.Function;
import java.util.logging.Level;
import java.util.logging.Logger;
import java.util.stream.Collectors;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * The node's webhook senders ({@code flashsale.webhooks.batch-size} threads), each sending one
 * delivery at a time and handing its outcome on as soon as it comes: a slow receiver holds the
 * senders of its own deliveries, never a round of everyone's. No receiver holds more than that:
 * a claim takes at most {@link #perWebhook} deliveries of one webhook, and skips a webhook with
 * that many in flight ({@link #busy}): one webhook's deliveries take fewer than half of the
 * senders (of four or more), whatever its receiver does.
 */
@ApplicationScoped
public class Senders {

    private static final Logger LOG = Logger.getLogger(Senders.class.getName());

    @Inject
    @ConfigProperty(name = "flashsale.webhooks.batch-size")
    int size;

    @Resource
    ManagedThreadFactory threads;

    private ExecutorService pool;
    private int total;
    /** Deliveries in flight, in all and per webhook, and finished; guarded by this. */
    private int sending;
    private long finished;
    private final Map<UUID, Integer> sendingPerWebhook = new HashMap<>();

    @PostConstruct
    void open() {
        total = Math.max(1, size);
        pool = Executors.newFixedThreadPool(total, threads);
    }

    @PreDestroy
    void close() {
        pool.shutdownNow();
    }

    /** How many deliveries may be claimed now: one per idle sender. */
    public synchronized int idle() {
        return total - sending;
    }

    /** The most deliveries of one webhook a claim takes. */
    public int perWebhook() {
        return Math.max(1, total / 4);
    }

    /** The webhooks with {@link #perWebhook} deliveries in flight, which a claim skips. */
    public synchronized Set<UUID> busy() {
        int most = perWebhook();
        return sendingPerWebhook.entrySet().stream().filter(entry -> entry.getValue() >= most)
                .map(Map.Entry::getKey).collect(Collectors.toSet());
    }

    /**
     * Sends a claimed delivery on an idle sender, and hands how it went to {@code outcome} on that
     * sender's thread. A delivery whose outcome is not recorded (a failure, or the node stopping)
     * stays claimed until its lease runs out, and is sent again then.
     */
    public void send(ClaimedDelivery delivery, Function<ClaimedDelivery, Attempt> attempt, Consumer<Attempt> outcome) {
        synchronized (this) {
            sending++;
            sendingPerWebhook.merge(delivery.webhookId(), 1, Integer::sum);
        }
        try {
            pool.execute(() -> {
                try {
                    outcome.accept(attempt.apply(delivery));
                } catch (RuntimeException failed) {
                    // Stopping, the node may no longer record what a request that outlived it did (a socket ignores interrupts).
                    LOG.log(pool.isShutdown() ? Level.FINE : Level.WARNING, "Webhook delivery " + delivery.id()
                            + " was not recorded; it is sent again once its lease runs out", failed);
                } finally {
                    done(delivery);
                }
            });
        } catch (RejectedExecutionException stopping) {
            notSent(delivery);
            LOG.fine(() -> "Webhook delivery " + delivery.id() + " not sent: the node is stopping; it is sent again once its lease runs out");
        }
    }

    /** How many deliveries the senders have finished so far: what {@link #awaitFinishedAfter} waits on. */
    public synchronized long finished() {
        return finished;
    }

    /**
     * Waits until a sender finishes a delivery after {@code seen} were finished, or until the
     * deadline ({@link System#nanoTime}); @return whether one did
     */
    public synchronized boolean awaitFinishedAfter(long seen, long deadlineNanos) {
        try {
            while (finished == seen) {
                long left = deadlineNanos - System.nanoTime();
                if (left <= 0) {
                    return false;
                }
                TimeUnit.NANOSECONDS.timedWait(this, left);
            }
            return true;
        } catch (InterruptedException stopping) {
            Thread.currentThread().interrupt();
            return false;
        }
    }

    /** Whether the node is stopping: nothing is sent any more, and nothing more should be claimed. */
    public boolean stopping() {
        return pool.isShutdown();
    }

    private synchronized void done(ClaimedDelivery delivery) {
        finished++;
        notSent(delivery);
    }

    private synchronized void notSent(ClaimedDelivery delivery) {
        sending--;
        sendingPerWebhook.computeIfPresent(delivery.webhookId(), (webhook, count) -> count == 1 ? null : count - 1);
        notifyAll();
    }
}
