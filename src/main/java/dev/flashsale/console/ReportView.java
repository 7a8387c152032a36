package dev.flashsale.console;

import dev.flashsale.platform.id.SaleId;
import dev.flashsale.reports.boundary.SaleReports;
import dev.flashsale.reports.entity.Funnel;
import dev.flashsale.reports.entity.RoomFunnel;
import dev.flashsale.reports.entity.SaleReport;
import jakarta.faces.view.ViewScoped;
import jakarta.inject.Inject;
import jakarta.inject.Named;
import java.io.IOException;
import java.io.OutputStream;
import java.io.Serializable;
import java.io.UncheckedIOException;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.primefaces.model.DefaultStreamedContent;
import org.primefaces.model.StreamedContent;
import org.primefaces.util.Callbacks;

/**
 * After the sale, on one page: the report's funnel as a whole and per SKU, its moments and its
 * refusals by reason, held and sold over the sale's time, and the two CSV files to take away,
 * streamed as the admin API streams them.
 */
@Named
@ViewScoped
public class ReportView implements Serializable {

    private static final long serialVersionUID = 1L;

    @Inject
    transient SaleReports reports;


    @Inject
    transient ConsoleActions actions;

    private String id;
    private SaleReport report;
    private String chart = "{}";

    public void load() {
        Optional<SaleId> saleId = actions.attempt(null, () -> SaleId.parse(id));
        saleId.flatMap(sale -> actions.attempt(null, () -> reports.of(sale))).ifPresent(found -> {
            report = found;
            chart = ActivityChart.of(found.activity());
        });
    }

    /** A funnel's refusals as text, "sold-out 3 · busy 1", or "none". */
    public String refusals(Funnel funnel) {
        Map<String, Long> counted = funnel.refusals();
        return counted.isEmpty() ? "none" : counted.entrySet().stream().map(refusal -> refusal.getKey() + " " + refusal.getValue())
                .collect(Collectors.joining(" · "));
    }

    /** The room's waits as the page shows them: "12 s / 40 s / 2 min", or "-" when nobody was admitted. */
    public String waits(RoomFunnel room) {
        return room.waitP50Seconds() == null ? "-" : Stream.of(room.waitP50Seconds(), room.waitP90Seconds(), room.waitP99Seconds())
                .map(ReportView::duration).collect(Collectors.joining(" / "));
    }

    private static String duration(long seconds) {
        return seconds < 120 ? seconds + " s" : seconds < 7200 ? seconds / 60 + " min" : seconds / 3600 + " h";
    }

    public StreamedContent getFigures() {
        return csv("figures", (sale, out) -> reports.writeFigures(sale, out));
    }

    public StreamedContent getReservations() {
        return csv("reservations", (sale, out) -> reports.writeReservations(sale, out));
    }

    /** What writes one of the report's CSV files into a stream. */
    @FunctionalInterface
    private interface CsvFile extends Serializable {
        void write(SaleId sale, OutputStream out) throws IOException;
    }

    private StreamedContent csv(String what, CsvFile file) {
        SaleId sale = report.saleId();
        Callbacks.SerializableConsumer<OutputStream> writer = stream -> {
            try {
                file.write(sale, stream);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        };
        return DefaultStreamedContent.builder().name("sale-" + sale + "-" + what + ".csv").contentType(SaleReports.CSV)
                .writer(writer).build();
    }

    public String getId() {
        return id;
    }

    public void setId(String id) {
        this.id = id;
    }

    public SaleReport getReport() {
        return report;
    }

    public String getChart() {
        return chart;
    }
}
