package dev.flashsale.platform.problem;

import dev.flashsale.platform.Causes;
import java.sql.SQLException;
import java.sql.SQLTransientException;
import java.util.Optional;
import java.util.Set;
import javax.transaction.xa.XAException;

/**
 * Whether a failure is the database's passing trouble, which a client's retry (with the same
 * idempotency key) will get past: PostgreSQL unreachable, restarting or out of connections, a
 * lock or statement timeout, a transaction aborted by a deadlock or a serialization failure, a
 * commit the database did not acknowledge.
 * Everything else is a bug of ours. A lock or statement timeout means the stock row (or the
 * database) is busy: 503 {@code busy}; the rest 503 {@code service-unavailable}.
 */
public final class TransientFailure {

    /** SQLSTATE classes that are transient as a whole: 08 connection exception, 53 insufficient resources. */
    private static final Set<String> CLASSES = Set.of("08", "53");
    /** Single SQLSTATEs: admin or crash shutdown, cannot connect now, lock not available, query canceled, deadlock, serialization. */
    private static final Set<String> STATES = Set.of("57P01", "57P02", "57P03", "55P03", "57014", "40P01", "40001");

    /**
     * The failures the server's wrapper of a local transaction reports as XAER_RMERR, with no cause
     * and only {@code toString()} of what failed as text: the connection's COMMIT failing at the
     * database (the wrapper's LocalTransactionException around the driver's SQLException), or the
     * driver's exception itself. Told by the class name that opens the text, which no language
     * setting of the JVM or of PostgreSQL translates.
     */
    private static final Set<String> DATABASE_FAILED_COMMIT = Set.of(
            "jakarta.resource.spi.LocalTransactionException", "org.postgresql.util.PSQLException");

    /** Lock not available (lock_timeout), query canceled (statement_timeout). */
    private static final Set<String> BUSY = Set.of("55P03", "57014");

    private TransientFailure() {
    }

    public static boolean is(Throwable failure) {
        return Causes.of(failure).anyMatch(TransientFailure::transientCause);
    }

    /** The 503 to answer a transient failure with; empty for anything else. */
    public static Optional<ProblemException> answer(Throwable failure) {
        if (!is(failure)) {
            return Optional.empty();
        }
        boolean busy = Causes.of(failure)
                .anyMatch(cause -> cause instanceof SQLException sql && sql.getSQLState() != null && BUSY.contains(sql.getSQLState()));
        return Optional.of(busy
                ? ProblemException.retryLater("busy", "Busy", "Too many requests wait for the same units right now; retry shortly")
                // One text for both APIs: the admin API's calls take no Idempotency-Key (docs/api.md says
                // how a storefront retries a reservation).
                : ProblemException.retryLater("service-unavailable", "Service unavailable",
                        "The database is not answering right now; retry shortly"));
    }

    private static boolean transientCause(Throwable cause) {
        if (cause instanceof SQLTransientException) {
            return true;
        }
        // A commit that failed at the database: the server's wrapper of a local transaction passes on only the
        // text of what failed, not the SQLException (so no SQLSTATE), and wraps any failure so, ours too. No
        // constraint here is deferred and no transaction serializable, so PostgreSQL fails a COMMIT only when
        // its connection or the server goes: whether the commit took is unknown, and a retry with the same
        // Idempotency-Key (or of the same confirm or cancel) answers what it did. Any other text is ours.
        if (cause instanceof XAException xa && xa.errorCode == XAException.XAER_RMFAIL) {
            return true; // the resource manager unavailable, whatever the text
        }
        if (cause instanceof XAException xa && xa.errorCode == XAException.XAER_RMERR) {
            return xa.getMessage() != null && DATABASE_FAILED_COMMIT.contains(xa.getMessage().split(":", 2)[0].strip());
        }
        if (cause instanceof SQLException sql && sql.getSQLState() != null) {
            String state = sql.getSQLState();
            return STATES.contains(state) || state.length() == 5 && CLASSES.contains(state.substring(0, 2));
        }
        // The server's connection pool, when it cannot hand out a connection in time.
        return cause.getClass().getName().startsWith("com.sun.appserv.connectors.internal.api.PoolingException")
                || cause.getClass().getName().equals("jakarta.resource.spi.ResourceAllocationException");
    }
}
