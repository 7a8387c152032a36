package dev.flashsale.console;

import dev.flashsale.sales.boundary.SaleAdmin;
import dev.flashsale.sales.entity.SaleSummary;
import jakarta.enterprise.context.RequestScoped;
import jakarta.inject.Inject;
import jakarta.inject.Named;
import java.util.List;

/** The list of sales, newest first. */
@Named
@RequestScoped
public class SalesView {

    @Inject
    SaleAdmin sales;

    @Inject
    ConsoleActions actions;

    private List<SaleSummary> list;

    /**
     * Reads what the page lists before the page is drawn, so that a failure to read it shows in the
     * page's messages, which are drawn above the lists.
     */
    public void load() {
        getSales();
    }

    public List<SaleSummary> getSales() {
        if (list == null) {
            list = actions.attempt(null, sales::list).orElse(List.of());
        }
        return list;
    }
}
