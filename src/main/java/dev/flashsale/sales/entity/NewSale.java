package dev.flashsale.sales.entity;

import dev.flashsale.stock.entity.Sku;
import jakarta.validation.Valid;
import jakarta.validation.constraints.DecimalMax;
import jakarta.validation.constraints.DecimalMin;
import jakarta.validation.constraints.Digits;
import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.NotEmpty;
import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Pattern;
import jakarta.validation.constraints.Size;
import java.math.BigDecimal;
import java.time.Instant;
import java.util.List;

/**
 * What a merchandiser sends to set up or change a sale. Each item may be spread over up to 64
 * stock rows ({@code shards}), for a SKU so hot that one row's lock would queue its buyers. Omitted terms take defaults: the
 * configured hold time, one unit per order, no cap per buyer beyond it, late payments refused, no window (the sale takes
 * reservations whenever it is OPEN). Numbers arrive as decimals so that a
 * fraction or an out-of-range value is refused as such rather than silently truncated.
 */
public record NewSale(
        @NotBlank @Size(max = 200) String name,
        @Digits(integer = 5, fraction = 0) @DecimalMin("1") @DecimalMax("86400") BigDecimal holdSeconds,
        @Digits(integer = 5, fraction = 0) @DecimalMin("1") @DecimalMax("10000") BigDecimal maxPerOrder,
        @Digits(integer = 8, fraction = 0) @DecimalMin("1") @DecimalMax("10000000") BigDecimal maxPerBuyer,
        @Pattern(regexp = "REFUSE|RECLAIM", message = "must be REFUSE or RECLAIM") String latePayment,
        Instant startsAt,
        Instant endsAt,
        @NotEmpty @Size(max = 100) List<@NotNull @Valid Item> items) {

    public record Item(
            @NotNull @Pattern(regexp = Sku.PATTERN,
                    message = "must be 1 to 64 letters, digits, '.', '_', ':' or '-'") String sku,
            @NotNull @Digits(integer = 8, fraction = 0) @DecimalMin("1") @DecimalMax("10000000") BigDecimal units,
            @Digits(integer = 2, fraction = 0) @DecimalMin("1") @DecimalMax("64") BigDecimal shards) {

        /** Omitted: one stock row. */
        public int shardCount() {
            return shards == null ? 1 : shards.intValueExact();
        }
    }
}
