package dev.flashsale.reservations.entity;

import dev.flashsale.platform.problem.Problem;
import dev.flashsale.platform.problem.ProblemException;
import java.math.BigDecimal;
import java.util.List;

/**
 * The body of {@code POST /api/reservations/{id}/extend}: the seconds the buyer's payment needs,
 * or none for the sale's most ({@code maxExtensionSeconds}). The sale grants at most its most; what
 * is asked is checked here, as the decimal it arrived as, so 1.5 or 3000000000 is refused as such.
 */
public record ExtensionRequest(BigDecimal seconds) {

    /** No hold waits longer than a day for one payment: more is a mistake, not a wish to clamp. */
    public static final int MAX_SECONDS = 86_400;

    public static final ExtensionRequest SALE_DEFAULT = new ExtensionRequest(null);

    private static final BigDecimal MAX = BigDecimal.valueOf(MAX_SECONDS);

    public ExtensionRequest {
        if (seconds != null && (seconds.stripTrailingZeros().scale() > 0 || seconds.compareTo(BigDecimal.ONE) < 0
                || seconds.compareTo(MAX) > 0)) {
            throw ProblemException.invalid(List.of(new Problem.FieldError("seconds",
                    "A whole number of seconds from 1 to " + MAX_SECONDS + ", or leave it out for the sale's most")));
        }
    }

    /** The seconds asked for; null: the sale's most. */
    public Integer asked() {
        return seconds == null ? null : seconds.intValueExact();
    }
}
