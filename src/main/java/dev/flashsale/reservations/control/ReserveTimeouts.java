package dev.flashsale.reservations.control;

import dev.flashsale.platform.sql.Statements;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.transaction.Transactional;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * The reserve transaction's bounds in PostgreSQL: a stock row held locked elsewhere (a stuck
 * session, a long migration) fails the take after {@code flashsale.reserve.lock-timeout-ms}
 * instead of holding the request's thread, and no statement runs past
 * {@code flashsale.reserve.statement-timeout-ms}, and a transaction left open and idle longer
 * than {@code flashsale.reserve.idle-timeout-ms} (its connection lost, say) is ended by
 * PostgreSQL with the locks it holds. All three end with the transaction.
 */
@ApplicationScoped
@Transactional(Transactional.TxType.MANDATORY)
public class ReserveTimeouts {

    @Inject
    Statements sql;

    @Inject
    @ConfigProperty(name = "flashsale.reserve.lock-timeout-ms")
    int lockTimeoutMillis;

    @Inject
    @ConfigProperty(name = "flashsale.reserve.statement-timeout-ms")
    int statementTimeoutMillis;

    @Inject
    @ConfigProperty(name = "flashsale.reserve.idle-timeout-ms")
    int idleTimeoutMillis;

    public void apply() {
        sql.named("reservations/set_reserve_timeouts")
                .with("lockTimeout", lockTimeoutMillis + "ms")
                .with("statementTimeout", statementTimeoutMillis + "ms")
                .with("idleTimeout", idleTimeoutMillis + "ms")
                .values();
    }
}
