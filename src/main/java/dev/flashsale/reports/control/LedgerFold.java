package dev.flashsale.reports.control;

import dev.flashsale.platform.sql.Statements;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.transaction.Transactional;

/**
 * Folds the ledger's new entries into the sales' reports (db/reports/fold_ledger.sql, one row per
 * SKU, and fold_activity.sql, the holds and payments of each second), so that a report reads the
 * rows and the few entries since, not the sale's whole ledger. A fold takes the entries of the
 * transactions that have finished since the last one (see the migration V021 for why by
 * transaction), in a transaction of its own that moves the counts and
 * the mark together: a fold that fails changes nothing, and the next takes the same entries.
 * Folds on several nodes wait for one another on the mark's lock. Each then summarizes the
 * ledger's new page ranges in its transaction index, so that the entries since are found quickly.
 */
@ApplicationScoped
public class LedgerFold {

    @Inject
    Statements sql;

    @Inject
    ReportLimits limits;

    @Transactional(Transactional.TxType.REQUIRES_NEW)
    public void fold() {
        limits.apply();
        long from = ((Number) sql.named("reports/lock_fold").singleValue()).longValue();
        long below = ((Number) sql.named("reports/fold_horizon").singleValue()).longValue();
        if (below <= from) {
            return;
        }
        sql.named("reports/fold_ledger").with("from", from).with("below", below).update();
        sql.named("reports/fold_activity").with("from", from).with("below", below).update();
        sql.named("reports/mark_folded").with("below", below).update();
        sql.named("reports/summarize_ledger_ranges").singleValue();
    }
}
