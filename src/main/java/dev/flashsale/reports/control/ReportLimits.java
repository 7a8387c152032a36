package dev.flashsale.reports.control;

import dev.flashsale.platform.sql.Statements;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.transaction.Transactional;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * The bounds of a report's, an export's or a fold's transaction in PostgreSQL: no statement runs,
 * and no export waits on a slow client, past {@code flashsale.reports.timeout-ms}; a hash of a
 * sale's buyers stays in memory; and no plan is compiled (the planner's guess for the ledger's
 * function costs a second of JIT compilation for a query of milliseconds).
 */
@ApplicationScoped
@Transactional(Transactional.TxType.MANDATORY)
public class ReportLimits {

    @Inject
    Statements sql;

    @Inject
    @ConfigProperty(name = "flashsale.reports.timeout-ms")
    int timeoutMillis;

    public void apply() {
        sql.named("reports/set_report_limits").with("timeout", timeoutMillis + "ms").values();
    }

    /** This transaction sees one moment of the database and writes nothing: called before its first question. */
    public void readConsistently() {
        sql.named("reports/read_consistently").update();
        apply();
    }
}
