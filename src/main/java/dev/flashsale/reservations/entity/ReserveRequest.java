package dev.flashsale.reservations.entity;

import dev.flashsale.stock.entity.Sku;
import jakarta.validation.constraints.DecimalMax;
import jakarta.validation.constraints.DecimalMin;
import jakarta.validation.constraints.Digits;
import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Pattern;
import jakarta.validation.constraints.Size;
import java.math.BigDecimal;

/**
 * The body of {@code POST /api/reservations}. The sale's own per-order cap is checked later.
 * Numbers arrive as decimals so that 1.5 or 3000000000 are refused as such, instead of being
 * truncated or wrapped into some other integer by the JSON binding.
 */
public record ReserveRequest(
        @NotNull @Pattern(regexp = Sku.PATTERN,
                message = "must be 1 to 64 letters, digits, '.', '_', ':' or '-'") String sku,
        @NotBlank @Size(max = 128) String buyerId,
        @NotNull @Digits(integer = 5, fraction = 0) @DecimalMin("1") @DecimalMax("10000") BigDecimal qty) {

    /** The quantity once validated: a whole number from 1 to 10000. */
    public int units() {
        return qty.intValueExact();
    }
}
