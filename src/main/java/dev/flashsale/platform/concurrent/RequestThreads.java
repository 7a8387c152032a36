package dev.flashsale.platform.concurrent;

import jakarta.annotation.PreDestroy;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.util.concurrent.Executor;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.UnaryOperator;
import java.util.logging.Level;
import java.util.logging.Logger;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * Threads that go on with storefront requests whose own threads have gone on to other requests: a
 * room's tickets and polls that queued while its Redis call ran go in the next call on one of
 * these, and the thread that runs a call answers the calls it carried
 * ({@code flashsale.api.request-threads}). Each task runs as the storefront's door runs a request,
 * in a context the door gives when it opens ({@link #open}). Before it opens and once it has
 * closed, a task runs on a thread of its own, never on the caller's (which may be a request's
 * that must return before its answer is written).
 *
 * <p>Its queue has no bound of its own: what it carries is bounded where it comes from (a room
 * queues one call at a time on a node, however many requests wait in its line, and a request held
 * open has one answer).
 */
@ApplicationScoped
public class RequestThreads implements Executor {

    private static final Logger LOG = Logger.getLogger(RequestThreads.class.getName());

    @Inject
    @ConfigProperty(name = "flashsale.api.request-threads")
    int threads;

    private volatile ExecutorService pool;
    private volatile UnaryOperator<Runnable> asRequest;

    /** Starts the threads; each task runs in {@code asRequest}'s wrapping. */
    public synchronized void open(UnaryOperator<Runnable> asRequest) {
        close();
        AtomicInteger made = new AtomicInteger();
        int size = Math.max(1, threads);
        this.asRequest = asRequest;
        this.pool = new ThreadPoolExecutor(size, size, 0, TimeUnit.MILLISECONDS, new LinkedBlockingQueue<>(),
                work -> daemon(work, "flashsale-request-" + made.incrementAndGet()));
    }

    /** Stops taking tasks; those taken run to their end. */
    @PreDestroy
    public synchronized void close() {
        ExecutorService running = pool;
        pool = null;
        if (running != null) {
            running.shutdown();
        }
    }

    /** Runs {@code task} on one of the threads; on a thread of its own while they are not open. */
    @Override
    public void execute(Runnable task) {
        ExecutorService running = pool;
        if (running != null) {
            try {
                running.execute(inRequest(task));
                return;
            } catch (RejectedExecutionException closing) {
                // Closed meanwhile: the task runs as before the threads opened.
            }
        }
        daemon(task, "flashsale-request-alone").start();
    }

    /**
     * The task in the door's context; should the context fail to begin, the task runs without it
     * all the same (a room's next call left unrun would leave its line waiting for good).
     */
    private Runnable inRequest(Runnable task) {
        AtomicBoolean ran = new AtomicBoolean();
        Runnable wrapped = asRequest.apply(() -> {
            ran.set(true);
            task.run();
        });
        return () -> {
            try {
                wrapped.run();
            } catch (RuntimeException | Error failed) {
                if (ran.get()) {
                    LOG.log(Level.WARNING, "A storefront request's task failed", failed);
                } else {
                    LOG.log(Level.WARNING, "A storefront request's task ran without its context, which failed to begin", failed);
                    task.run();
                }
            }
        };
    }

    private static Thread daemon(Runnable work, String name) {
        Thread thread = new Thread(work, name);
        thread.setDaemon(true);
        return thread;
    }
}
