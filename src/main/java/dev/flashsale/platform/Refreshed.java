package dev.flashsale.platform;

import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.Supplier;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * A value read (from the database) and kept in memory for the request path: read again at once
 * after a change made on this node, which every caller waits for, and when it is older than its
 * refresh interval, which one caller does while the others go on with the value read before,
 * instead of every request of a crowd queueing behind one query. A read that fails keeps the
 * value read before until the next read is due (the reader logs why).
 *
 * @param <T> the value, immutable
 */
public final class Refreshed<T> {

    private static final Logger LOG = Logger.getLogger(Refreshed.class.getName());

    /** On the monotonic clock ({@link System#nanoTime()}): a step of the wall clock neither stalls nor hurries a read. */
    private final long refreshNanos;
    private final Supplier<T> reader;
    private final ReentrantLock reading = new ReentrantLock();
    /** Reads asked for: one at first, one more for every change made on this node. */
    private final AtomicLong wanted = new AtomicLong(1);
    private volatile T value;
    private volatile long readAtNanos;
    /** The reads asked for that a finished read covers: a read covers those asked for before it began. */
    private volatile long covered;

    /** @param reader the value as it is now; throws when it cannot be read */
    public Refreshed(T initial, long refreshMillis, Supplier<T> reader) {
        this.value = initial;
        this.refreshNanos = TimeUnit.MILLISECONDS.toNanos(refreshMillis);
        this.readAtNanos = System.nanoTime();
        this.reader = reader;
    }

    public T get() {
        if (covered < wanted.get()) {
            reading.lock();
            try {
                while (covered < wanted.get()) {
                    read();
                }
            } finally {
                reading.unlock();
            }
        } else if (due() && reading.tryLock()) {
            try {
                if (due()) {
                    read();
                }
            } finally {
                reading.unlock();
            }
        }
        return value;
    }

    /**
     * The value read at most {@code maxAgeMillis} ago: one caller reads it again when it is older,
     * and the callers that came meanwhile wait for that read and take it, so that a crowd asking at
     * once costs one read.
     */
    public T noOlderThan(long maxAgeMillis) {
        long askedAt = System.nanoTime();
        long maxAgeNanos = TimeUnit.MILLISECONDS.toNanos(maxAgeMillis);
        if (askedAt - readAtNanos > maxAgeNanos) {
            reading.lock();
            try {
                if (askedAt - readAtNanos > maxAgeNanos) {
                    read();
                }
            } finally {
                reading.unlock();
            }
        }
        return get();
    }

    /** The value as read last, without reading it again. */
    public T last() {
        return value;
    }

    /** Changed on this node: the next caller reads it again, and every caller waits for that. */
    public void changed() {
        wanted.incrementAndGet();
    }

    private boolean due() {
        return System.nanoTime() - readAtNanos > refreshNanos;
    }

    private void read() {
        // What was asked for before the read begins; a change made while it runs asks for another.
        long asked = wanted.get();
        long startedAt = System.nanoTime();
        try {
            value = reader.get();
        } catch (RuntimeException failed) {
            // The value read before stays until the next read is due; the reader logged why.
            LOG.log(Level.FINE, "Read failed; the value read before stays", failed);
        } finally {
            // A read is as old as its start: what changed while it ran may be missing from it.
            readAtNanos = startedAt;
            covered = asked;
        }
    }
}
