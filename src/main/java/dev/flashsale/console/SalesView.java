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

    private final Shown<List<SaleSummary>> list = Shown.list();

    /** Reads what the page shows before it is drawn ({@link Shown}). */
    public void load() {
        getSales();
    }

    public List<SaleSummary> getSales() {
        return list.get(actions, sales::list);
    }
}
