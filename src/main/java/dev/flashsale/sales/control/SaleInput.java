package dev.flashsale.sales.control;

import dev.flashsale.sales.entity.LatePaymentPolicy;
import dev.flashsale.sales.entity.NewSale;
import dev.flashsale.sales.entity.SaleTerms;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * A merchandiser's {@link NewSale}, once {@link dev.flashsale.sales.entity.SaleRules} passed it,
 * turned into what the catalog stores and what the audit trail records.
 */
public final class SaleInput {

    private SaleInput() {
    }

    /** The sale's terms, its omitted ones defaulted. */
    public static SaleTerms termsOf(NewSale sale, int defaultHoldSeconds) {
        return new SaleTerms(sale.name().strip(),
                sale.holdSeconds() != null ? sale.holdSeconds().intValueExact() : defaultHoldSeconds,
                sale.maxPerOrder() != null ? sale.maxPerOrder().intValueExact() : 1,
                sale.maxPerBuyer() != null ? sale.maxPerBuyer().intValueExact() : null,
                sale.latePayment() != null ? LatePaymentPolicy.valueOf(sale.latePayment()) : LatePaymentPolicy.REFUSE,
                sale.startsAt(), sale.endsAt(),
                sale.maxExtensionSeconds() != null ? sale.maxExtensionSeconds().intValueExact() : 0,
                sale.maxExtensions() != null ? sale.maxExtensions().intValueExact() : 0);
    }

    /** The items by SKU, in the order given (the rules let no SKU be listed twice). */
    public static Map<String, NewSale.Item> itemsOf(NewSale sale) {
        Map<String, NewSale.Item> items = new LinkedHashMap<>();
        sale.items().forEach(item -> items.put(item.sku(), item));
        return items;
    }

    /** What the audit trail records of a create or an update. */
    public static String describe(NewSale sale, Map<String, NewSale.Item> items) {
        return "name=" + sale.name().strip() + ", holdSeconds=" + sale.holdSeconds() + ", maxPerOrder=" + sale.maxPerOrder()
                + ", maxPerBuyer=" + sale.maxPerBuyer()
                + ", maxExtensionSeconds=" + sale.maxExtensionSeconds() + ", maxExtensions=" + sale.maxExtensions()
                + ", latePayment=" + sale.latePayment() + ", startsAt=" + sale.startsAt() + ", endsAt=" + sale.endsAt()
                + ", units=" + items.values().stream().map(item -> item.sku() + ":" + item.units()
                + (item.shardCount() > 1 ? "/" + item.shardCount() + " shards" : "")).toList();
    }
}
