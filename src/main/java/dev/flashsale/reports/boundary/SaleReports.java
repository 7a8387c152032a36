package dev.flashsale.reports.boundary;

import dev.flashsale.platform.id.SaleId;
import dev.flashsale.platform.problem.ProblemException;
import dev.flashsale.platform.security.Roles;
import dev.flashsale.reports.control.ReportCsv;
import dev.flashsale.reports.control.SaleReportBook;
import dev.flashsale.reports.entity.Funnel;
import dev.flashsale.reports.entity.SaleReport;
import dev.flashsale.reports.entity.SkuFunnel;
import dev.flashsale.sales.boundary.SaleAdmin;
import dev.flashsale.sales.entity.SaleView;
import jakarta.annotation.security.RolesAllowed;
import jakarta.ejb.Stateless;
import jakarta.inject.Inject;
import java.io.IOException;
import java.io.OutputStream;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Semaphore;

/**
 * A sale's report and its exports, for every user: read in one transaction each, the export's
 * rows through a cursor so that its memory stays flat whatever the sale's size.
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
    SaleReportBook book;

    public SaleReport of(SaleId id) {
        SaleView sale = sales.find(id);
        Map<String, Map<String, Long>> refusals = book.refusals(id.value());
        List<SkuFunnel> skus = book.skus(id.value()).stream().map(sku -> new SkuFunnel(sku.sku(),
                sku.funnel().withRefusals(refusals.getOrDefault(sku.sku(), Map.of())))).toList();
        Funnel total = Funnel.of(skus.stream().map(SkuFunnel::funnel).toList(), book.buyers(id.value()));
        return new SaleReport(sale.id(), sale.name(), sale.status().name(), book.opened(id.value()), total, skus);
    }

    /** 404 {@code sale-not-found} unless the sale exists: asked before an export begins to stream. */
    public void mustExist(SaleId id) {
        sales.find(id);
    }

    /** The report's figures as CSV into {@code out}, which is closed at the end. */
    public void writeFigures(SaleId id, OutputStream out) throws IOException {
        ReportCsv.figures(of(id), ReportCsv.writer(out));
    }

    /**
     * The sale's reservations as CSV into {@code out}, row by row as they are read; {@code out} is
     * closed at the end. An export holds a connection and a transaction while its reader reads, so
     * at most {@link #EXPORTS_AT_ONCE} run at once on a node: a further one is answered 503
     * {@code exports-busy} with Retry-After, and a crowd's reserves keep their connections.
     */
    public void writeReservations(SaleId id, OutputStream out) throws IOException {
        if (!EXPORTS.tryAcquire()) {
            throw ProblemException.retryLater("exports-busy", "Exports busy",
                    EXPORTS_AT_ONCE + " exports of reservations run on this node already; try again shortly");
        }
        try {
            ReportCsv.reservations(row -> book.eachReservation(id.value(), row), ReportCsv.writer(out));
        } finally {
            EXPORTS.release();
        }
    }
}
