package dev.flashsale.reports.boundary;

import dev.flashsale.platform.timer.IntervalTimer;
import dev.flashsale.reports.control.LedgerFold;
import jakarta.ejb.ConcurrencyManagement;
import jakarta.ejb.ConcurrencyManagementType;
import jakarta.ejb.DependsOn;
import jakarta.ejb.Singleton;
import jakarta.ejb.Startup;
import jakarta.inject.Inject;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/** Folds the ledger into the sales' reports every {@code flashsale.reports.fold-ms} ({@link LedgerFold}). */
@Singleton
@Startup
@DependsOn("DatabaseMigration")
@ConcurrencyManagement(ConcurrencyManagementType.BEAN)
public class ReportFoldTimer extends IntervalTimer {

    @Inject
    LedgerFold fold;

    @Inject
    @ConfigProperty(name = "flashsale.reports.fold-ms")
    long intervalMillis;

    @Override
    protected String name() {
        return "ledger's fold into the reports";
    }

    @Override
    protected long intervalMillis() {
        return intervalMillis;
    }

    @Override
    protected void work() {
        fold.fold();
    }
}
