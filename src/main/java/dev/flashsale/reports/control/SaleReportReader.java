package dev.flashsale.reports.control;

import dev.flashsale.platform.id.SaleId;
import dev.flashsale.reports.entity.Funnel;
import dev.flashsale.reports.entity.RoomFunnel;
import dev.flashsale.reports.entity.SaleReport;
import dev.flashsale.reports.entity.SkuFunnel;
import dev.flashsale.room.boundary.RoomAdmin;
import dev.flashsale.sales.boundary.SaleAdmin;
import dev.flashsale.sales.entity.SaleView;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.persistence.Tuple;
import jakarta.transaction.Transactional;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;

/**
 * Reads a sale's report, or streams its reservations, in one read-only transaction that sees one
 * moment of the database ({@link ReportLimits#readConsistently}): the funnel, the buyers, the
 * refusals and the sale agree with one another as of that moment (the room's figures are Redis'
 * count of the moment after, or PostgreSQL's record of that moment when Redis does not answer).
 */
@ApplicationScoped
@Transactional
public class SaleReportReader {

    @Inject
    ReportLimits limits;

    @Inject
    SaleReportBook book;

    @Inject
    SaleAdmin sales;

    @Inject
    RoomAdmin rooms;

    public SaleReport report(SaleId id) {
        limits.readConsistently();
        SaleView sale = sales.find(id);
        Map<String, Map<String, Long>> refusals = book.refusals(id);
        Map<String, Long> buyers = book.buyers(id);
        List<SkuFunnel> skus = book.skus(id, buyers).stream().map(sku -> new SkuFunnel(sku.sku(),
                sku.funnel().withRefusals(refusals.getOrDefault(sku.sku(), Map.of())))).toList();
        Funnel total = Funnel.of(skus.stream().map(SkuFunnel::funnel).toList(), buyers.getOrDefault(SaleReportBook.WHOLE_SALE, 0L));
        return new SaleReport(id, sale.name(), sale.status().name(), book.opened(id), total, skus,
                rooms.figures(id).map(RoomFunnel::of).orElse(null), book.activity(id));
    }

    /** Hands each of the sale's reservations, oldest first, to {@code row}. */
    public void eachReservation(SaleId id, Consumer<Tuple> row) {
        limits.readConsistently();
        book.eachReservation(id, row);
    }
}
