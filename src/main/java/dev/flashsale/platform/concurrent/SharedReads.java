package dev.flashsale.platform.concurrent;

import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Function;

/**
 * Reads of one key that a crowd asks for at once, shared without ever answering older than the
 * question: a caller takes the outcome of the first read of its key that began after it asked.
 * While a key's read runs, the callers that come wait for the next one, which the first of them
 * begins as soon as the running one ends; its outcome wakes all of them at once. So a crowd asking
 * for one key costs at most one read at a time and one more behind it, and every answer is as new
 * as a read of the caller's own: what was done before the caller asked is in it. A read that
 * throws answers every caller it serves with what it threw. A key is kept only while callers ask
 * for it.
 *
 * @param <K> the key, with equals and hashCode
 * @param <V> what a read gives, immutable
 */
public final class SharedReads<K, V> {

    /** A read's value, or what it threw. */
    private record Outcome<V>(V value, RuntimeException failure) {

        V valueOrThrow() {
            if (failure != null) {
                throw failure;
            }
            return value;
        }
    }

    /** One key's reads: the one running, the one its callers wait to begin, and who asks now. */
    private static final class Line<V> {
        /** Guarded by the line. */
        CompletableFuture<Outcome<V>> running;
        /** Not begun while it is here; guarded by the line. */
        CompletableFuture<Outcome<V>> next;
        /** The callers that took {@link #next}; guarded by the line. */
        int onNext;
        /** Changed in the map's compute of the key only. */
        volatile int callers;
    }

    private final Function<K, V> reader;
    private final Map<K, Line<V>> lines = new ConcurrentHashMap<>();

    /** @param reader reads the key's value as it is now; what it throws goes to the callers it serves */
    public SharedReads(Function<K, V> reader) {
        this.reader = reader;
    }

    /** The value of {@code key} as read by a read that began after this call did. */
    public V get(K key) {
        Line<V> line = lines.compute(key, (k, known) -> {
            Line<V> joined = known == null ? new Line<>() : known;
            joined.callers++;
            return joined;
        });
        try {
            CompletableFuture<Outcome<V>> mine;
            CompletableFuture<Outcome<V>> before = null;
            boolean reads = false;
            synchronized (line) {
                if (line.running == null) {
                    mine = line.running = new CompletableFuture<>();
                    reads = true;
                } else if (line.next == null) {
                    mine = line.next = new CompletableFuture<>();
                    line.onNext = 1;
                    before = line.running;
                    reads = true;
                } else {
                    mine = line.next;
                    line.onNext++;
                }
            }
            if (reads) {
                read(key, line, before, mine);
            }
            return mine.join().valueOrThrow();
        } finally {
            lines.compute(key, (k, joined) -> --joined.callers == 0 ? null : joined);
        }
    }

    /** How many keys callers are asking for now. */
    int keys() {
        return lines.size();
    }

    /** How many callers wait for {@code key}'s next read, which has not begun. */
    int waitingForNext(K key) {
        Line<V> line = lines.get(key);
        if (line == null) {
            return 0;
        }
        synchronized (line) {
            return line.next == null ? 0 : line.onNext;
        }
    }

    /**
     * Waits for the read {@code before} (when there is one) to end, then reads for every caller of
     * {@code mine}. The read that ends makes the next one the running one before it tells its
     * callers, so that no caller coming in between begins a read of its own beside it.
     */
    private void read(K key, Line<V> line, CompletableFuture<Outcome<V>> before, CompletableFuture<Outcome<V>> mine) {
        if (before != null) {
            before.join();
        }
        Outcome<V> outcome;
        try {
            outcome = new Outcome<>(reader.apply(key), null);
        } catch (RuntimeException failed) {
            outcome = new Outcome<>(null, failed);
        } catch (Error error) {
            end(line, mine, new Outcome<>(null, new IllegalStateException("The read of " + key + " failed", error)));
            throw error;
        }
        end(line, mine, outcome);
    }

    private void end(Line<V> line, CompletableFuture<Outcome<V>> read, Outcome<V> outcome) {
        synchronized (line) {
            if (line.running == read) {
                line.running = line.next;
                line.next = null;
            }
        }
        read.complete(outcome);
    }
}
