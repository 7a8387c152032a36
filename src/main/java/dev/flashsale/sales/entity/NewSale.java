package dev.flashsale.sales.entity;

import java.math.BigDecimal;
import java.time.Instant;
import java.util.List;

/**
 * What a merchandiser sends to set up or change a sale. Each item may be spread over up to 64
 * stock rows ({@code shards}), for a SKU so hot that one row's lock would queue its buyers. Omitted terms take defaults: the
 * configured hold time, one unit per order, no cap per buyer beyond it, late payments refused, no window (the sale takes
 * reservations whenever it is OPEN), holds not extended ({@code maxExtensionSeconds} and {@code maxExtensions}: how long
 * and how often a hold may be extended for a payment in flight; 0 is off). Numbers arrive as decimals so that a
 * fraction or an out-of-range value is refused as such rather than silently truncated; the rules
 * are {@link SaleRules}, which the admin API and the console both apply.
 */
public record NewSale(
        String name,
        BigDecimal holdSeconds,
        BigDecimal maxPerOrder,
        BigDecimal maxPerBuyer,
        String latePayment,
        Instant startsAt,
        Instant endsAt,
        List<Item> items,
        BigDecimal maxExtensionSeconds,
        BigDecimal maxExtensions) {

    public record Item(String sku, BigDecimal units, BigDecimal shards) {

        /** Omitted: one stock row. */
        public int shardCount() {
            return shards == null ? 1 : shards.intValueExact();
        }
    }
}
