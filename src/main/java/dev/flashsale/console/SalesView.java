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

    public List<SaleSummary> getSales() {
        if (list == null) {
            list = actions.attempt(null, sales::list).orElse(List.of());
        }
        return list;
    }
}
