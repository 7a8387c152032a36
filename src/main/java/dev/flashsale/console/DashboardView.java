package dev.flashsale.console;

import dev.flashsale.platform.id.SaleId;
import dev.flashsale.sales.boundary.SaleAdmin;
import dev.flashsale.sales.entity.SaleView;
import dev.flashsale.stock.boundary.SaleDashboard;
import dev.flashsale.stock.entity.SkuActivity;
import jakarta.faces.view.ViewScoped;
import jakarta.inject.Inject;
import jakarta.inject.Named;
import java.io.Serializable;
import java.util.List;
import java.util.Optional;

/**
 * A sale as it happens: per SKU total, available, held, sold and the units that came back, and
 * held and sold over time (HeldSoldChart). The page polls {@link #refresh()} every two seconds.
 */
@Named
@ViewScoped
public class DashboardView implements Serializable {

    private static final long serialVersionUID = 1L;

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
            skus = dashboard.perSku(saleId.get());
            chart = HeldSoldChart.of(dashboard.overTime(saleId.get()));
        });
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
