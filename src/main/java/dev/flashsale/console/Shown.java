package dev.flashsale.console;

import java.io.Serializable;
import java.util.List;
import java.util.function.Supplier;

/**
 * What a console page shows from a boundary: read at most once until an action that changed it
 * forgets it, so that a page's many references to it cost one read. A failure to read it shows in
 * the page's messages ({@link ConsoleActions#attempt}), and the page shows {@code fallback}
 * instead. A page reads what it shows in its view action ({@code load()}), before it is drawn, so
 * that such a message is drawn above the lists.
 *
 * @param <T> what is shown
 */
final class Shown<T> implements Serializable {

    private static final long serialVersionUID = 1L;

    private final T fallback;
    private T value;

    private Shown(T fallback) {
        this.fallback = fallback;
    }

    /** A list, empty when it cannot be read. */
    static <E> Shown<List<E>> list() {
        return new Shown<>(List.of());
    }

    /** A value, {@code fallback} when it cannot be read. */
    static <T> Shown<T> orElse(T fallback) {
        return new Shown<>(fallback);
    }

    T get(ConsoleActions actions, Supplier<T> read) {
        if (value == null) {
            value = actions.attempt(null, read).orElse(fallback);
        }
        return value;
    }

    /** The next {@link #get} reads it again. */
    void forget() {
        value = null;
    }
}
