package dev.flashsale.webhooks.control;

import dev.flashsale.webhooks.entity.Attempt;
import dev.flashsale.webhooks.entity.ClaimLimits;
import dev.flashsale.webhooks.entity.ClaimedDelivery;
import jakarta.annotation.PostConstruct;
import jakarta.annotation.PreDestroy;
import jakarta.annotation.Resource;
import jakarta.enterprise.concurrent.ManagedThreadFactory;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import java.util.function.Function;
import java.util.logging.Level;
import java.util.logging.Logger;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * The node's webhook senders ({@code flashsale.webhooks.batch-size} threads), each sending one
 * delivery at a time and handing its outcome on as soon as it comes: a slow receiver holds the
 * senders of its own deliveries, never a round of everyone's. How many it may hold follows from
 * what the node has seen of it ({@link Receivers}): a quarter of the senders at most, one while
 * new or slow, and the slow ones all together a quarter. A receiver is slow once a delivery of it
 * has taken a fifth of {@code flashsale.webhooks.request-timeout-ms} (a second by default).
 */
@ApplicationScoped
public class Senders {

    private static final Logger LOG = Logger.getLogger(Senders.class.getName());

    @Inject
    @ConfigProperty(name = "flashsale.webhooks.batch-size")
    int size;

    @Inject
    @ConfigProperty(name = "flashsale.webhooks.request-timeout-ms")
    long requestTimeoutMillis;

    @Resource
    ManagedThreadFactory threads;

    private ExecutorService pool;
    private int total;
    /** Deliveries in flight, in all and per receiver ({@link Receivers}), and finished; guarded by this. */
    private int sending;
    private long finished;
    private Receivers receivers;

    @PostConstruct
    void open() {
        total = Math.max(1, size);
        receivers = new Receivers(Math.max(1, total / 4), TimeUnit.MILLISECONDS.toNanos(Math.max(1, requestTimeoutMillis / 5)));
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

    /** How many deliveries the senders are sending now. */
    public synchronized int sending() {
        return sending;
    }

    /** What the next claim may take of each webhook's deliveries, from what is in flight now. */
    public synchronized ClaimLimits limits() {
        return receivers.limits(System.nanoTime());
    }

    /**
     * Sends a claimed delivery on an idle sender, and hands how it went to {@code outcome} on that sender's thread. One whose
     * outcome is not recorded (a failure, or the node stopping) stays claimed until its lease runs out, and is sent again then.
     */
    public void send(ClaimedDelivery delivery, Function<ClaimedDelivery, Attempt> attempt, Consumer<Attempt> outcome) {
        synchronized (this) {
            sending++;
            receivers.began(delivery, System.nanoTime());
        }
        try {
            pool.execute(() -> {
                try {
                    Attempt made = attempt.apply(delivery);
                    synchronized (this) {
                        receivers.answered(delivery, System.nanoTime()); // timed before the outcome is recorded
                    }
                    outcome.accept(made);
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

    /** Waits until a sender finishes a delivery after {@code seen} were, or until the deadline ({@link System#nanoTime}); @return whether one did */
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
        receivers.answered(delivery, System.nanoTime()); // an attempt that threw is timed too; one answered already is not again
        notSent(delivery);
    }

    private synchronized void notSent(ClaimedDelivery delivery) {
        sending--;
        receivers.ended(delivery, System.nanoTime());
        notifyAll();
    }
}
