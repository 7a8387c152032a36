package dev.flashsale.platform.rest;

import dev.flashsale.platform.problem.ProblemException;
import java.util.Arrays;
import java.util.Locale;

/**
 * The admin API's query parameters that choose how much and which: one rule each, the same on
 * every route, and a 400 that names what is allowed. JAX-RS hands them over as text so that a bad
 * one is answered here, as a problem, instead of as the framework's bare 404.
 */
public final class QueryParams {

    private QueryParams() {
    }

    /** {@code limit}: a whole number from 1 to {@code max}, spaces around it allowed, or 400 {@code invalid-limit}. */
    public static int limit(String text, int max) {
        String digits = text == null ? "" : text.strip();
        // Ten digits or more could overflow an int; every limit is far below that.
        if (!digits.isEmpty() && digits.length() < 10 && digits.chars().allMatch(c -> c >= '0' && c <= '9')) {
            int value = Integer.parseInt(digits);
            if (value >= 1 && value <= max) {
                return value;
            }
        }
        throw ProblemException.badRequest("invalid-limit", "limit is a whole number from 1 to " + max);
    }

    /**
     * {@code status}: one of the enum's constants, named in any case; null when the text is
     * missing or blank (no filter), or 400 {@code invalid-status} naming them.
     */
    public static <E extends Enum<E>> E status(String text, Class<E> type) {
        if (text == null || text.isBlank()) {
            return null;
        }
        String name = text.strip().toUpperCase(Locale.ROOT);
        for (E constant : type.getEnumConstants()) {
            if (constant.name().equals(name)) {
                return constant;
            }
        }
        throw ProblemException.badRequest("invalid-status", "status is one of " + Arrays.toString(type.getEnumConstants()));
    }
}
