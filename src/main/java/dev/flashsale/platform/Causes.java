package dev.flashsale.platform;

import java.sql.SQLException;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Stream;

/**
 * The walk over a failure's causes. Containers wrap what went wrong (an EJBException around a
 * PersistenceException around the driver's SQLException): the answer depends on the cause.
 */
public final class Causes {

    private Causes() {
    }

    /** The failure and its causes, outermost first; a chain that loops back is walked once. */
    public static Stream<Throwable> of(Throwable failure) {
        Set<Throwable> seen = Collections.newSetFromMap(new IdentityHashMap<>());
        return Stream.iterate(failure, cause -> cause != null && seen.add(cause), Throwable::getCause);
    }

    /** The outermost of the failure and its causes that is a {@code type}. */
    public static <T extends Throwable> Optional<T> find(Throwable failure, Class<T> type) {
        return of(failure).filter(type::isInstance).map(type::cast).findFirst();
    }

    /** @return whether some cause is an SQLException with that SQLSTATE */
    public static boolean hasSqlState(Throwable failure, String sqlState) {
        return of(failure).anyMatch(cause -> cause instanceof SQLException sql && sqlState.equals(sql.getSQLState()));
    }

    /** The innermost cause: what went wrong first. */
    public static Throwable root(Throwable failure) {
        return of(failure).reduce((outer, inner) -> inner).orElse(failure);
    }

    /** The innermost cause in one line for a log: a database error by its SQLSTATE and first line. */
    public static String summary(Throwable failure) {
        Throwable root = root(failure);
        return root instanceof SQLException sql
                ? "SQLSTATE " + sql.getSQLState() + " " + String.valueOf(sql.getMessage()).lines().findFirst().orElse("")
                : root.toString();
    }
}
