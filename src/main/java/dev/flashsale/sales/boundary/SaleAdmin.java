package dev.flashsale.sales.boundary;

import dev.flashsale.platform.problem.ProblemException;
import dev.flashsale.sales.control.SaleCatalog;
import dev.flashsale.sales.entity.LatePaymentPolicy;
import dev.flashsale.sales.entity.NewSale;
import dev.flashsale.sales.entity.SaleOpened;
import dev.flashsale.sales.entity.SaleStatus;
import dev.flashsale.sales.entity.SaleView;
import jakarta.ejb.Stateless;
import jakarta.enterprise.event.Event;
import jakarta.inject.Inject;
import java.util.HashSet;
import java.util.Set;
import java.util.UUID;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/** Setting up sales and moving them through DRAFT, OPEN, PAUSED and CLOSED. */
@Stateless
public class SaleAdmin {

    @Inject
    SaleCatalog catalog;

    @Inject
    Event<SaleOpened> opened;

    @Inject
    @ConfigProperty(name = "flashsale.hold.default-seconds", defaultValue = "600")
    int defaultHoldSeconds;

    public SaleView create(NewSale sale) {
        Set<String> skus = new HashSet<>();
        for (NewSale.Item item : sale.items()) {
            if (!skus.add(item.sku())) {
                throw ProblemException.badRequest("duplicate-sku", "SKU " + item.sku() + " is listed twice in this sale");
            }
        }
        UUID id = UUID.randomUUID();
        catalog.insert(id, sale.name().strip(),
                sale.holdSeconds() != null ? sale.holdSeconds().intValueExact() : defaultHoldSeconds,
                sale.maxPerOrder() != null ? sale.maxPerOrder().intValueExact() : 1,
                sale.latePayment() != null ? LatePaymentPolicy.valueOf(sale.latePayment()) : LatePaymentPolicy.REFUSE);
        for (NewSale.Item item : sale.items()) {
            if (!catalog.addItem(id, item.sku(), item.units().intValueExact())) {
                throw ProblemException.conflict("sku-taken", "SKU taken",
                        "SKU " + item.sku() + " already belongs to another sale; give this sale's item its own SKU");
            }
        }
        return find(id);
    }

    public SaleView find(UUID id) {
        return catalog.find(id).orElseThrow(() -> ProblemException.notFound("sale", "There is no sale " + id));
    }

    public SaleView changeStatus(UUID id, SaleStatus target) {
        if (catalog.changeStatus(id, target)) {
            if (target == SaleStatus.OPEN) {
                opened.fire(new SaleOpened(id));
            }
            return find(id);
        }
        SaleView sale = find(id);
        if (sale.status() == target) {
            return sale;
        }
        throw ProblemException.conflict("illegal-transition", "Illegal transition",
                "Sale " + id + " is " + sale.status() + " and cannot become " + target);
    }
}
