package dev.flashsale.sales.control;

import dev.flashsale.platform.problem.ProblemException;
import dev.flashsale.sales.entity.LatePaymentPolicy;
import dev.flashsale.sales.entity.NewSale;
import dev.flashsale.sales.entity.SaleTerms;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * A merchandiser's {@link NewSale}, checked and turned into what the catalog stores and what the
 * audit trail records.
 */
public final class SaleInput {

    private SaleInput() {
    }

    /** The sale's terms, its omitted ones defaulted; 400 when its window ends before it starts. */
    public static SaleTerms termsOf(NewSale sale, int defaultHoldSeconds) {
        if (sale.startsAt() != null && sale.endsAt() != null && !sale.endsAt().isAfter(sale.startsAt())) {
            throw ProblemException.badRequest("window-ends-before-start",
                    "The sale must end after it starts (endsAt " + sale.endsAt() + ", startsAt " + sale.startsAt() + ")");
        }
        return new SaleTerms(sale.name().strip(),
                sale.holdSeconds() != null ? sale.holdSeconds().intValueExact() : defaultHoldSeconds,
                sale.maxPerOrder() != null ? sale.maxPerOrder().intValueExact() : 1,
                sale.maxPerBuyer() != null ? sale.maxPerBuyer().intValueExact() : null,
                sale.latePayment() != null ? LatePaymentPolicy.valueOf(sale.latePayment()) : LatePaymentPolicy.REFUSE,
                sale.startsAt(), sale.endsAt());
    }

    /** The items by SKU, in the order given; 400 when a SKU is listed twice. */
    public static Map<String, NewSale.Item> itemsOf(NewSale sale) {
        Map<String, NewSale.Item> items = new LinkedHashMap<>();
        for (NewSale.Item item : sale.items()) {
            if (items.put(item.sku(), item) != null) {
                throw ProblemException.badRequest("duplicate-sku", "SKU " + item.sku() + " is listed twice in this sale");
            }
        }
        return items;
    }

    /** What the audit trail records of a create or an update. */
    public static String describe(NewSale sale, Map<String, NewSale.Item> items) {
        return "name=" + sale.name().strip() + ", holdSeconds=" + sale.holdSeconds() + ", maxPerOrder=" + sale.maxPerOrder()
                + ", maxPerBuyer=" + sale.maxPerBuyer()
                + ", latePayment=" + sale.latePayment() + ", startsAt=" + sale.startsAt() + ", endsAt=" + sale.endsAt()
                + ", units=" + items.values().stream().map(item -> item.sku() + ":" + item.units()
                + (item.shardCount() > 1 ? "/" + item.shardCount() + " shards" : "")).toList();
    }
}
