package dev.flashsale.console;

import dev.flashsale.sales.entity.LatePaymentPolicy;
import dev.flashsale.sales.entity.NewSale;
import dev.flashsale.sales.entity.SaleView;
import java.io.Serializable;
import java.math.BigDecimal;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.util.List;

/**
 * The terms of a sale as typed into the sale form, numbers as the decimals they were typed as, so
 * that the sale's rules ({@link dev.flashsale.sales.entity.SaleRules}) judge them as they judge
 * the admin API's. An empty number takes the default the admin API gives an omitted one. Times are in UTC.
 */
public class TypedSaleTerms implements Serializable {

    private static final long serialVersionUID = 1L;

    private String name;
    /** Empty on a new sale: the configured default (flashsale.hold.default-seconds), which the sale boundary applies. */
    private BigDecimal holdSeconds;
    private BigDecimal maxPerOrder = BigDecimal.ONE;

    /** Empty: no cap per buyer beyond the per-order limit. */
    private BigDecimal maxPerBuyer;

    private LatePaymentPolicy latePayment = LatePaymentPolicy.REFUSE;

    /** Empty or 0: holds are not extended. */
    private BigDecimal maxExtensionSeconds;
    private BigDecimal maxExtensions;

    private LocalDateTime startsAt;
    private LocalDateTime endsAt;

    static TypedSaleTerms of(SaleView sale) {
        TypedSaleTerms terms = new TypedSaleTerms();
        terms.name = sale.name();
        terms.holdSeconds = BigDecimal.valueOf(sale.holdSeconds());
        terms.maxPerOrder = BigDecimal.valueOf(sale.maxPerOrder());
        terms.maxPerBuyer = sale.maxPerBuyer() == null ? null : BigDecimal.valueOf(sale.maxPerBuyer());
        terms.latePayment = sale.latePayment();
        terms.maxExtensionSeconds = BigDecimal.valueOf(sale.maxExtensionSeconds());
        terms.maxExtensions = BigDecimal.valueOf(sale.maxExtensions());
        terms.startsAt = sale.startsAt() == null ? null : LocalDateTime.ofInstant(sale.startsAt(), ZoneOffset.UTC);
        terms.endsAt = sale.endsAt() == null ? null : LocalDateTime.ofInstant(sale.endsAt(), ZoneOffset.UTC);
        return terms;
    }

    NewSale toNewSale(List<NewSale.Item> items) {
        return new NewSale(name, holdSeconds, maxPerOrder, maxPerBuyer, latePayment.name(), utc(startsAt), utc(endsAt), items,
                maxExtensionSeconds, maxExtensions);
    }

    private static Instant utc(LocalDateTime time) {
        return time == null ? null : time.toInstant(ZoneOffset.UTC);
    }

    public String getName() {
        return name;
    }

    public void setName(String name) {
        this.name = name;
    }

    public BigDecimal getHoldSeconds() {
        return holdSeconds;
    }

    public void setHoldSeconds(BigDecimal holdSeconds) {
        this.holdSeconds = holdSeconds;
    }

    public BigDecimal getMaxPerOrder() {
        return maxPerOrder;
    }

    public void setMaxPerOrder(BigDecimal maxPerOrder) {
        this.maxPerOrder = maxPerOrder;
    }

    public BigDecimal getMaxPerBuyer() {
        return maxPerBuyer;
    }

    public void setMaxPerBuyer(BigDecimal maxPerBuyer) {
        this.maxPerBuyer = maxPerBuyer;
    }

    public LatePaymentPolicy getLatePayment() {
        return latePayment;
    }

    public void setLatePayment(LatePaymentPolicy latePayment) {
        this.latePayment = latePayment;
    }

    public BigDecimal getMaxExtensionSeconds() {
        return maxExtensionSeconds;
    }

    public void setMaxExtensionSeconds(BigDecimal maxExtensionSeconds) {
        this.maxExtensionSeconds = maxExtensionSeconds;
    }

    public BigDecimal getMaxExtensions() {
        return maxExtensions;
    }

    public void setMaxExtensions(BigDecimal maxExtensions) {
        this.maxExtensions = maxExtensions;
    }

    public LocalDateTime getStartsAt() {
        return startsAt;
    }

    public void setStartsAt(LocalDateTime startsAt) {
        this.startsAt = startsAt;
    }

    public LocalDateTime getEndsAt() {
        return endsAt;
    }

    public void setEndsAt(LocalDateTime endsAt) {
        this.endsAt = endsAt;
    }
}
