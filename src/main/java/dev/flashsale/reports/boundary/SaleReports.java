package dev.flashsale.reports.boundary;

import dev.flashsale.platform.id.SaleId;
import dev.flashsale.platform.problem.ProblemException;
import dev.flashsale.platform.security.Roles;
import dev.flashsale.reports.control.LedgerFold;
import dev.flashsale.reports.control.ReportCsv;
import dev.flashsale.reports.control.SaleReportReader;
import dev.flashsale.reports.entity.SaleReport;
import dev.flashsale.sales.boundary.SaleAdmin;
import jakarta.annotation.security.RolesAllowed;
import jakarta.ejb.Stateless;
import jakarta.ejb.TransactionAttribute;
import jakarta.ejb.TransactionAttributeType;
import jakarta.inject.Inject;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.util.concurrent.Semaphore;

/**
 * A sale's report and its exports, for every user: read in one transaction each
 * ({@link SaleReportReader}), the export's rows through a cursor so that its memory stays flat
 * whatever the sale's size.
 */
@Stateless
@RolesAllowed({Roles.MERCHANDISER, Roles.VIEWER})
public class SaleReports {

    /** How many exports of reservations may stream at once on a node. */
    public static final int EXPORTS_AT_ONCE = 2;
    private static final Semaphore EXPORTS = new Semaphore(EXPORTS_AT_ONCE);

    /** The media type of the report's CSV files. */
    public static final String CSV = ReportCsv.MEDIA_TYPE;

    @Inject
    SaleAdmin sales;

    @Inject
    LedgerFold fold;

    @Inject
    SaleReportReader reader;

    /**
     * The sale's report as of now: the ledger folded first (a few seconds of entries at most, since
     * the timer folds as the sale runs), then read in a transaction of its own.
     */
    @TransactionAttribute(TransactionAttributeType.NOT_SUPPORTED)
    public SaleReport of(SaleId id) {
        fold.fold();
        return reader.report(id);
    }

    /** 404 {@code sale-not-found} unless the sale exists: asked before an export begins to stream. */
    public void mustExist(SaleId id) {
        sales.find(id);
    }

    /** The report's figures as CSV into {@code out}, which is closed at the end. */
    @TransactionAttribute(TransactionAttributeType.NOT_SUPPORTED)
    public void writeFigures(SaleId id, OutputStream out) throws IOException {
        ReportCsv.figures(of(id), ReportCsv.writer(out));
    }

    /**
     * The sale's reservations as CSV into {@code out}, row by row as they are read; {@code out} is
     * closed at the end. An export holds a connection and a transaction while its reader reads, so
     * at most {@link #EXPORTS_AT_ONCE} run at once on a node: a further one is answered 503
     * {@code exports-busy} with Retry-After, and a crowd's reserves keep their connections.
     */
    @TransactionAttribute(TransactionAttributeType.NOT_SUPPORTED)
    public void writeReservations(SaleId id, OutputStream out) throws IOException {
        if (!EXPORTS.tryAcquire()) {
            throw ProblemException.retryLater("exports-busy", "Exports busy",
                    EXPORTS_AT_ONCE + " exports of reservations run on this node already; try again shortly");
        }
        try {
            ReportCsv.reservations(row -> reader.eachReservation(id, row), ReportCsv.writer(out));
        } catch (UncheckedIOException clientGone) {
            throw clientGone.getCause(); // the client hung up: its answer ends here, and ours did not fail
        } finally {
            EXPORTS.release();
        }
    }
}
