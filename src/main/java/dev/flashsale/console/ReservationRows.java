package dev.flashsale.console;

import dev.flashsale.reservations.boundary.ReservationDesk;
import dev.flashsale.reservations.entity.Reservation;
import dev.flashsale.reservations.entity.ReservationPage;
import dev.flashsale.reservations.entity.ReservationQuery;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import org.primefaces.model.FilterMeta;
import org.primefaces.model.LazyDataModel;
import org.primefaces.model.SortMeta;
import org.primefaces.model.SortOrder;

/**
 * The reservations a search finds, a page at a time from PostgreSQL (so that a merchandiser walks a
 * sale of 200,000 reservations), newest first, or oldest first when the Created column is sorted
 * ascending. The total is counted with each page's question, as the table's paginator needs it.
 */
final class ReservationRows extends LazyDataModel<Reservation> {

    private static final long serialVersionUID = 1L;

    private final ReservationQuery query;
    private final transient Function<Paging, ReservationPage> pages;
    private int counted;

    /** A page asked for: the criteria, the first row, how many and in which order. */
    record Paging(ReservationQuery query, int first, int size, boolean oldestFirst) {
    }

    ReservationRows(ReservationQuery query, Function<Paging, ReservationPage> pages) {
        this.query = query;
        this.pages = pages;
    }

    /** Rows for a desk's pages. */
    static ReservationRows of(ReservationQuery query, ReservationDesk desk) {
        return new ReservationRows(query, paging -> desk.page(paging.query(), paging.first(), paging.size(), paging.oldestFirst()));
    }

    @Override
    public int count(Map<String, FilterMeta> filterBy) {
        return counted;
    }

    @Override
    public List<Reservation> load(int first, int pageSize, Map<String, SortMeta> sortBy, Map<String, FilterMeta> filterBy) {
        SortMeta created = sortBy.values().stream().findFirst().orElse(null); // Created is the one column sorted
        boolean oldestFirst = created != null && created.getOrder() == SortOrder.ASCENDING;
        ReservationPage page = pages.apply(new Paging(query, first, pageSize, oldestFirst));
        counted = (int) Math.min(Integer.MAX_VALUE, page.total());
        setRowCount(counted);
        return page.rows();
    }

    @Override
    public String getRowKey(Reservation reservation) {
        return reservation.id().toString();
    }

    @Override
    public Reservation getRowData(String rowKey) {
        return getWrappedData() == null ? null
                : getWrappedData().stream().filter(row -> row.id().toString().equals(rowKey)).findFirst().orElse(null);
    }
}
