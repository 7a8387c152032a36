package dev.flashsale.console;

import dev.flashsale.platform.id.SaleId;
import dev.flashsale.sales.boundary.SaleAdmin;
import dev.flashsale.sales.entity.SaleView;
import dev.flashsale.stock.boundary.SaleDashboard;
import dev.flashsale.stock.entity.HeldSoldPoint;
import dev.flashsale.stock.entity.SkuActivity;
import jakarta.faces.view.ViewScoped;
import jakarta.inject.Inject;
import jakarta.inject.Named;
import jakarta.json.Json;
import jakarta.json.JsonArrayBuilder;
import jakarta.json.JsonObjectBuilder;
import java.io.Serializable;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.List;
import java.util.Optional;

/**
 * A sale as it happens: per SKU total, available, held, sold and the units that came back, and
 * held and sold over time. The page polls {@link #refresh()} every two seconds.
 */
@Named
@ViewScoped
public class DashboardView implements Serializable {

    private static final long serialVersionUID = 1L;
    private static final DateTimeFormatter TIME = DateTimeFormatter.ofPattern("HH:mm:ss").withZone(ZoneOffset.UTC);

    @Inject
    transient SaleAdmin sales;

    @Inject
    transient SaleDashboard dashboard;

    @Inject
    transient ConsoleActions actions;

    private String id;
    private SaleView sale;
    private List<SkuActivity> skus = List.of();
    private String chart = "{}";

    public void load() {
        refresh();
    }

    public void refresh() {
        Optional<SaleId> saleId = actions.attempt(null, () -> SaleId.parse(id));
        if (saleId.isEmpty()) {
            return;
        }
        actions.attempt(null, () -> sales.find(saleId.get())).ifPresent(found -> {
            sale = found;
            skus = dashboard.perSku(found.id());
            chart = chartOf(dashboard.overTime(found.id()));
        });
    }

    /** A Chart.js line chart of held and sold units; built with JSON-P, so nothing typed can break out. */
    static String chartOf(List<HeldSoldPoint> points) {
        JsonArrayBuilder labels = Json.createArrayBuilder();
        JsonArrayBuilder held = Json.createArrayBuilder();
        JsonArrayBuilder sold = Json.createArrayBuilder();
        for (HeldSoldPoint point : points) {
            labels.add(TIME.format(point.at()));
            held.add(point.held());
            sold.add(point.sold());
        }
        return Json.createObjectBuilder()
                .add("type", "line")
                .add("data", Json.createObjectBuilder()
                        .add("labels", labels)
                        .add("datasets", Json.createArrayBuilder()
                                .add(dataset("Held", "#f59e0b", held))
                                .add(dataset("Sold", "#16a34a", sold))))
                .add("options", Json.createObjectBuilder()
                        .add("animation", false)
                        .add("maintainAspectRatio", false)
                        .add("scales", Json.createObjectBuilder()
                                .add("y", Json.createObjectBuilder().add("beginAtZero", true))))
                .build().toString().replace("<", "\\u003c");
    }

    private static JsonObjectBuilder dataset(String label, String color, JsonArrayBuilder data) {
        return Json.createObjectBuilder().add("label", label).add("borderColor", color).add("backgroundColor", color)
                .add("stepped", true).add("pointRadius", 0).add("data", data);
    }

    public String getId() {
        return id;
    }

    public void setId(String id) {
        this.id = id;
    }

    public SaleView getSale() {
        return sale;
    }

    public List<SkuActivity> getSkus() {
        return skus;
    }

    public String getChart() {
        return chart;
    }
}
