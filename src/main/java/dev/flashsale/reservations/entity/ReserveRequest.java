package dev.flashsale.reservations.entity;

import dev.flashsale.platform.problem.Problem;
import dev.flashsale.platform.problem.ProblemException;
import dev.flashsale.stock.entity.Sku;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;

/**
 * The body of {@code POST /api/reservations}, valid once made: every field is checked here, on
 * the reserve path, instead of by Bean Validation, and each invalid field is named in the 400
 * answer ({@code invalid-request}). The sale's own per-order cap is checked later. Numbers arrive
 * as decimals so that 1.5 or 3000000000 are refused as such, instead of being truncated or
 * wrapped into some other integer on the way in.
 */
public record ReserveRequest(String sku, String buyerId, BigDecimal qty) {

    public static final int MAX_BUYER_ID_LENGTH = 128;
    public static final int MAX_UNITS = 10_000;

    private static final Pattern SKU = Pattern.compile(Sku.PATTERN);
    private static final BigDecimal MAX = BigDecimal.valueOf(MAX_UNITS);

    public ReserveRequest {
        List<Problem.FieldError> errors = new ArrayList<>(2);
        checkBuyerId(buyerId, errors);
        checkQty(qty, errors);
        checkSku(sku, errors);
        if (!errors.isEmpty()) {
            throw ProblemException.invalid(errors);
        }
    }

    /** The quantity: a whole number from 1 to 10000. */
    public int units() {
        return qty.intValueExact();
    }

    private static void checkSku(String sku, List<Problem.FieldError> errors) {
        if (sku == null) {
            errors.add(new Problem.FieldError("sku", "must not be null"));
        } else if (!SKU.matcher(sku).matches()) {
            errors.add(new Problem.FieldError("sku", "must be 1 to 64 letters, digits, '.', '_', ':' or '-'"));
        }
    }

    private static void checkBuyerId(String buyerId, List<Problem.FieldError> errors) {
        if (buyerId == null || buyerId.isBlank()) {
            errors.add(new Problem.FieldError("buyerId", "must not be blank"));
        }
        if (buyerId != null && buyerId.length() > MAX_BUYER_ID_LENGTH) {
            errors.add(new Problem.FieldError("buyerId", "size must be between 0 and " + MAX_BUYER_ID_LENGTH));
        }
    }

    private static void checkQty(BigDecimal qty, List<Problem.FieldError> errors) {
        if (qty == null) {
            errors.add(new Problem.FieldError("qty", "must not be null"));
        } else if (qty.stripTrailingZeros().scale() > 0) {
            errors.add(new Problem.FieldError("qty", "must be a whole number"));
        } else if (qty.compareTo(BigDecimal.ONE) < 0) {
            errors.add(new Problem.FieldError("qty", "must be greater than or equal to 1"));
        } else if (qty.compareTo(MAX) > 0) {
            errors.add(new Problem.FieldError("qty", "must be less than or equal to " + MAX_UNITS));
        }
    }
}
