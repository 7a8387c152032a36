package dev.flashsale.reports.control;

import dev.flashsale.platform.sql.Rows;
import dev.flashsale.reports.entity.Funnel;
import dev.flashsale.reports.entity.RoomFunnel;
import dev.flashsale.reports.entity.SaleReport;
import dev.flashsale.reports.entity.SkuFunnel;
import jakarta.persistence.Tuple;
import java.io.BufferedWriter;
import java.io.IOException;
import java.io.OutputStream;
import java.io.OutputStreamWriter;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.function.Consumer;
import java.util.stream.Collectors;
import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVPrinter;

/**
 * The report's CSV files (RFC 4180, UTF-8, a header row, times in ISO-8601 UTC), written by
 * Apache Commons CSV: the figures, one row per SKU and one for the whole sale, and the header of
 * the reservations' export.
 */
public final class ReportCsv {

    public static final String MEDIA_TYPE = "text/csv; charset=UTF-8; header=present";

    static final String[] FIGURES = {"sku", "units", "buyers", "reservations", "held", "confirmed", "cancelled", "expired",
        "units_held", "units_returned", "units_sold", "units_taken_again", "paid_share", "first_hold", "sold_out", "last_payment", "refused", "refusals",
        "room_tickets", "room_admitted", "room_left", "room_expired", "room_revoked", "room_wait_p50_s", "room_wait_p90_s",
        "room_wait_p99_s"};
    static final String[] RESERVATIONS = {"id", "sku", "buyer_id", "quantity", "status", "created_at", "expires_at",
        "confirmed_at", "cancelled_at", "expired_at", "storefront_key"};
    /** The row of the whole sale in the figures' file. */
    static final String WHOLE_SALE = "(all)";

    private ReportCsv() {
    }

    /** A buffered UTF-8 writer over {@code out}, for one of the files; the CSV printer closes it, flushed. */
    public static Writer writer(OutputStream out) {
        return new BufferedWriter(new OutputStreamWriter(out, StandardCharsets.UTF_8), 1 << 16);
    }

    static CSVPrinter printer(Appendable out, String[] header) {
        try {
            return CSVFormat.RFC4180.builder().setHeader(header).get().print(out);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The report's figures: a row for each SKU, then one for the whole sale. */
    public static void figures(SaleReport report, Appendable out) throws IOException {
        try (CSVPrinter csv = printer(out, FIGURES)) {
            for (SkuFunnel sku : report.skus()) {
                row(csv, sku.sku(), sku.funnel(), null);
            }
            row(csv, WHOLE_SALE, report.total(), report.room());
        }
    }

    /** A row of the figures; the room's columns only on the whole sale's, empty for a sale without a room. */
    private static void row(CSVPrinter csv, String sku, Funnel funnel, RoomFunnel room) throws IOException {
        List<Object> values = new ArrayList<>(Arrays.asList(sku, funnel.units(), funnel.buyers(), funnel.reservations(),
                funnel.held(), funnel.confirmed(),
                funnel.cancelled(), funnel.expired(), funnel.unitsHeld(), funnel.unitsReturned(), funnel.unitsSold(),
                funnel.unitsTakenAgain(), funnel.paidShare(), text(funnel.firstHold()), text(funnel.soldOut()),
                text(funnel.lastPayment()), funnel.refusals().values().stream().mapToLong(Long::longValue).sum(),
                funnel.refusals().entrySet().stream().map(refusal -> refusal.getKey() + "=" + refusal.getValue())
                        .collect(Collectors.joining("; "))));
        if (room != null) {
            values.addAll(Arrays.asList(room.tickets(), room.admitted(), room.left(), room.expired(), room.revoked(),
                    room.waitP50Seconds(), room.waitP90Seconds(), room.waitP99Seconds()));
        }
        while (values.size() < FIGURES.length) {
            values.add(null);
        }
        csv.printRecord(values);
    }

    /**
     * The reservations' export: a header row, then a row for each reservation {@code feed} hands on.
     * {@code out} is closed only when every row is written: a feed that fails leaves it open and
     * unflushed, so that the failure is answered as one (before the first 64 KB) or cuts the answer
     * off, never ends a file that looks whole.
     */
    public static void reservations(Consumer<Consumer<Tuple>> feed, Appendable out) throws IOException {
        CSVPrinter csv = printer(out, RESERVATIONS);
        feed.accept(row -> {
            try {
                csv.printRecord(Rows.uuid(row, "id"), Rows.text(row, "sku"), inert(Rows.text(row, "buyer_id")),
                        Rows.integer(row, "qty"), Rows.text(row, "status"), text(Rows.instant(row, "created_at")),
                        text(Rows.instant(row, "expires_at")), text(Rows.instant(row, "confirmed_at")),
                        text(Rows.instant(row, "cancelled_at")), text(Rows.instant(row, "expired_at")),
                        inert(Rows.text(row, "key_name")));
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        });
        csv.close(true);
    }

    /**
     * Text a storefront or a user chose, made inert for a spreadsheet: one that begins as a formula
     * would ({@code = + - @}, a tab or a carriage return) gets a leading apostrophe (OWASP's advice
     * against CSV injection).
     */
    static String inert(String text) {
        return text != null && !text.isEmpty() && "=+-@\t\r".indexOf(text.charAt(0)) >= 0 ? "'" + text : text;
    }

    static String text(Instant moment) {
        return moment == null ? null : moment.toString();
    }
}
