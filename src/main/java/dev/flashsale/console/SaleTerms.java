package dev.flashsale.console;

import dev.flashsale.sales.entity.LatePaymentPolicy;
import dev.flashsale.sales.entity.NewSale;
import dev.flashsale.sales.entity.SaleView;
import jakarta.validation.constraints.Max;
import jakarta.validation.constraints.Min;
import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Size;
import java.io.Serializable;
import java.math.BigDecimal;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.util.List;

/**
 * The terms of a sale as typed into the sale form. Faces checks each annotated field where it
 * was typed, so the messages here are the ones the page shows. Times are in UTC.
 */
public class SaleTerms implements Serializable {

    private static final long serialVersionUID = 1L;

    @NotBlank(message = "Give the sale a name")
    @Size(max = 200, message = "At most 200 characters")
    private String name;

    @NotNull(message = "Give the hold time in seconds")
    @Min(value = 1, message = "At least 1 second")
    @Max(value = 86400, message = "At most 86,400 seconds (a day)")
    private Integer holdSeconds = 600;

    @NotNull(message = "Give the most units one order may take")
    @Min(value = 1, message = "At least 1")
    @Max(value = 10000, message = "At most 10,000")
    private Integer maxPerOrder = 1;

    /** Empty: no cap per buyer beyond the per-order limit. */
    @Min(value = 1, message = "At least 1, or leave it empty for no cap")
    @Max(value = 10000000, message = "At most 10,000,000")
    private Integer maxPerBuyer;

    private LatePaymentPolicy latePayment = LatePaymentPolicy.REFUSE;
    private LocalDateTime startsAt;
    private LocalDateTime endsAt;

    static SaleTerms of(SaleView sale) {
        SaleTerms terms = new SaleTerms();
        terms.name = sale.name();
        terms.holdSeconds = sale.holdSeconds();
        terms.maxPerOrder = sale.maxPerOrder();
        terms.maxPerBuyer = sale.maxPerBuyer();
        terms.latePayment = sale.latePayment();
        terms.startsAt = sale.startsAt() == null ? null : LocalDateTime.ofInstant(sale.startsAt(), ZoneOffset.UTC);
        terms.endsAt = sale.endsAt() == null ? null : LocalDateTime.ofInstant(sale.endsAt(), ZoneOffset.UTC);
        return terms;
    }

    NewSale toNewSale(List<NewSale.Item> items) {
        return new NewSale(name, BigDecimal.valueOf(holdSeconds), BigDecimal.valueOf(maxPerOrder),
                maxPerBuyer == null ? null : BigDecimal.valueOf(maxPerBuyer), latePayment.name(), utc(startsAt), utc(endsAt), items);
    }

    /** False only when both times are given and the end is not after the start. */
    boolean endsAfterStart() {
        return startsAt == null || endsAt == null || endsAt.isAfter(startsAt);
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

    public Integer getHoldSeconds() {
        return holdSeconds;
    }

    public void setHoldSeconds(Integer holdSeconds) {
        this.holdSeconds = holdSeconds;
    }

    public Integer getMaxPerOrder() {
        return maxPerOrder;
    }

    public void setMaxPerOrder(Integer maxPerOrder) {
        this.maxPerOrder = maxPerOrder;
    }

    public Integer getMaxPerBuyer() {
        return maxPerBuyer;
    }

    public void setMaxPerBuyer(Integer maxPerBuyer) {
        this.maxPerBuyer = maxPerBuyer;
    }

    public LatePaymentPolicy getLatePayment() {
        return latePayment;
    }

    public void setLatePayment(LatePaymentPolicy latePayment) {
        this.latePayment = latePayment;
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
