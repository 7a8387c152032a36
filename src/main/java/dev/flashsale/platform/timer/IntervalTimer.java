package dev.flashsale.platform.timer;

import jakarta.annotation.PostConstruct;
import jakarta.annotation.Resource;
import jakarta.ejb.Timeout;
import jakarta.ejb.TimerConfig;
import jakarta.ejb.TimerService;
import jakarta.ejb.TransactionAttribute;
import jakarta.ejb.TransactionAttributeType;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * What every timer of the product does alike: an interval timer created at start-up and not
 * persistent (every node runs its own; each job is built to run on several at once), whose tick
 * runs outside a transaction, lets itself pass while the previous one is still at work, and logs a
 * failure for the next tick to try again. A timer is a {@code @Singleton @Startup} bean with bean
 * managed concurrency (so that a slow tick does not hold the next one behind a lock) that extends
 * this and says what a tick does ({@link #work}) and how often. No method here is final: the EJB
 * container's view of the bean overrides each of them.
 */
public abstract class IntervalTimer {

    /**
     * The shortest gap the EJB timer service keeps between the end of a timer's tick and its next
     * tick, as payara/pre-boot.asadmin sets it ({@code minimum-delivery-interval-in-millis}, a
     * second unless set): a timer set shorter ticks this often at most, and a tick that ends
     * within this of the next one's time pushes that one back.
     */
    public static final long SHORTEST_MILLIS = 100;

    @Resource
    TimerService timers;

    private final AtomicBoolean working = new AtomicBoolean();

    /** The timer's name, in its {@code TimerConfig} and its log lines. */
    protected abstract String name();

    /** The time between two ticks. */
    protected abstract long intervalMillis();

    /** The time from start-up to the first tick: one interval unless said otherwise. */
    protected long firstTickMillis() {
        return intervalMillis();
    }

    /** Whether this node runs the timer at all (a switched-off feature's does not); says why in the log when not. */
    protected boolean runs() {
        return true;
    }

    /** One tick's work. A failure is logged at {@link #levelOf} and the next tick tries again. */
    protected abstract void work();

    /** How loud a failed tick is: a warning unless the timer knows better (an outage it reports elsewhere, a bug). */
    protected Level levelOf(RuntimeException failure) {
        return Level.WARNING;
    }

    /** A step of a tick that fails on its own: logged, and the tick goes on with its next step. */
    protected void step(Level level, String failed, Runnable step) {
        try {
            step.run();
        } catch (RuntimeException failure) {
            logger().log(level, failed + "; the next tick tries again", failure);
        }
    }

    @PostConstruct
    void schedule() {
        if (runs()) {
            timers.createIntervalTimer(firstTickMillis(), intervalMillis(), new TimerConfig(name(), false));
            if (intervalMillis() < SHORTEST_MILLIS) {
                logger().warning(() -> name() + " is set to run every " + intervalMillis() + " ms; the timer service keeps "
                        + SHORTEST_MILLIS + " ms between two of its ticks at least");
            } else {
                logger().info(() -> name() + " runs every " + intervalMillis() + " ms");
            }
        }
    }

    @Timeout
    @TransactionAttribute(TransactionAttributeType.NOT_SUPPORTED)
    void tick() {
        if (!working.compareAndSet(false, true)) {
            return; // the previous tick is still at work
        }
        try {
            work();
        } catch (RuntimeException failure) {
            logger().log(levelOf(failure), name() + " failed; the next tick tries again", failure);
        } finally {
            working.set(false);
        }
    }

    private Logger logger() {
        return Logger.getLogger(getClass().getName());
    }
}
