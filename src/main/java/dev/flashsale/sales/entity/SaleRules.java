package dev.flashsale.sales.entity;

import dev.flashsale.platform.problem.Problem;
import dev.flashsale.platform.problem.ProblemException;
import dev.flashsale.stock.entity.Sku;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * The rules of a {@link NewSale}, the one check behind the admin API and the console: the API
 * answers the first kind of break with its problem, the console shows every break next to its
 * field, in the same words. Numbers are checked as the decimals they arrived as, so 1.5 or
 * 99999999999 is refused as such instead of being truncated on the way in.
 */
public final class SaleRules {

    public static final String WINDOW_ENDS_BEFORE_START = "window-ends-before-start";
    public static final String DUPLICATE_SKU = "duplicate-sku";
    public static final int MAX_ITEMS = 100;
    public static final int MAX_EXTENSION_SECONDS = 3_600;
    public static final int MAX_EXTENSIONS = 10;

    /**
     * One broken rule: the problem type it is answered with, the field it is about (a property
     * path such as {@code items[0].units}) and what is wrong, in the words both shown.
     */
    public record Broken(String type, String field, String message) {
    }

    private SaleRules() {
    }

    /** The admin API's answer when a rule is broken: every broken field, else a duplicate SKU, else the window. */
    public static void enforce(NewSale sale) {
        List<Broken> broken = brokenBy(sale);
        List<Problem.FieldError> fields = broken.stream().filter(rule -> rule.type().equals(ProblemException.INVALID_REQUEST))
                .map(rule -> new Problem.FieldError(rule.field(), rule.message())).toList();
        if (!fields.isEmpty()) {
            throw ProblemException.invalid(fields);
        }
        for (String type : List.of(DUPLICATE_SKU, WINDOW_ENDS_BEFORE_START)) {
            broken.stream().filter(rule -> rule.type().equals(type)).findFirst().ifPresent(rule -> {
                throw ProblemException.badRequest(type, rule.message());
            });
        }
    }

    /** Every rule the sale breaks, field by field in the order of the form; empty when it breaks none. */
    public static List<Broken> brokenBy(NewSale sale) {
        List<Broken> broken = new ArrayList<>();
        if (sale.name() == null || sale.name().isBlank()) {
            broken.add(invalid("name", "Give the sale a name"));
        } else if (sale.name().strip().length() > 200) {
            broken.add(invalid("name", "At most 200 characters"));
        }
        whole(broken, "holdSeconds", sale.holdSeconds(), 86_400, "A whole number of seconds", "At least 1 second",
                "At most 86,400 seconds (a day)");
        whole(broken, "maxPerOrder", sale.maxPerOrder(), 10_000, "A whole number", "At least 1", "At most 10,000");
        whole(broken, "maxPerBuyer", sale.maxPerBuyer(), 10_000_000, "A whole number",
                "At least 1, or leave it empty for no cap", "At most 10,000,000");
        if (sale.latePayment() != null && !sale.latePayment().equals(LatePaymentPolicy.REFUSE.name())
                && !sale.latePayment().equals(LatePaymentPolicy.RECLAIM.name())) {
            broken.add(invalid("latePayment", "REFUSE or RECLAIM"));
        }
        wholeOrZero(broken, "maxExtensionSeconds", sale.maxExtensionSeconds(), MAX_EXTENSION_SECONDS,
                "0 (holds are not extended) to 3,600 seconds (an hour)");
        wholeOrZero(broken, "maxExtensions", sale.maxExtensions(), MAX_EXTENSIONS, "0 (holds are not extended) to 10 times");
        if (sale.startsAt() != null && sale.endsAt() != null && !sale.endsAt().isAfter(sale.startsAt())) {
            broken.add(new Broken(WINDOW_ENDS_BEFORE_START, "endsAt", "The sale must end after it starts (endsAt "
                    + sale.endsAt() + ", startsAt " + sale.startsAt() + ")"));
        }
        items(broken, sale.items());
        return broken;
    }

    private static void items(List<Broken> broken, List<NewSale.Item> items) {
        if (items == null || items.isEmpty()) {
            broken.add(invalid("items", "A sale needs at least one SKU"));
            return;
        }
        if (items.size() > MAX_ITEMS) {
            broken.add(invalid("items", "At most " + MAX_ITEMS + " SKUs"));
        }
        Set<String> listed = new HashSet<>();
        for (int i = 0; i < items.size(); i++) {
            String at = "items[" + i + "]";
            NewSale.Item item = items.get(i);
            if (item == null) {
                broken.add(invalid(at, "Give the SKU and its units"));
                continue;
            }
            if (item.sku() == null || item.sku().isEmpty()) {
                broken.add(invalid(at + ".sku", "Give the SKU"));
            } else if (!Sku.isValid(item.sku())) {
                broken.add(invalid(at + ".sku", "1 to 64 letters, digits, '.', '_', ':' or '-'"));
            } else if (!listed.add(item.sku())) {
                broken.add(new Broken(DUPLICATE_SKU, at + ".sku", "SKU " + item.sku() + " is listed twice in this sale"));
            }
            if (item.units() == null) {
                broken.add(invalid(at + ".units", "Give the units"));
            } else {
                whole(broken, at + ".units", item.units(), 10_000_000, "Units are a whole number",
                        "Units must be between 1 and 10,000,000", "Units must be between 1 and 10,000,000");
            }
            whole(broken, at + ".shards", item.shards(), 64, "Shards are a whole number", "1 to 64 shards", "1 to 64 shards");
        }
    }

    /** An optional whole number from 1 to {@code max}: null passes (the default applies). */
    private static void whole(List<Broken> broken, String field, BigDecimal value, int max, String notWhole,
                              String belowOne, String aboveMax) {
        if (value == null) {
            return;
        }
        if (value.stripTrailingZeros().scale() > 0) {
            broken.add(invalid(field, notWhole));
        } else if (value.compareTo(BigDecimal.ONE) < 0) {
            broken.add(invalid(field, belowOne));
        } else if (value.compareTo(BigDecimal.valueOf(max)) > 0) {
            broken.add(invalid(field, aboveMax));
        }
    }

    /** An optional whole number from 0 to {@code max}: null passes (0 applies). */
    private static void wholeOrZero(List<Broken> broken, String field, BigDecimal value, int max, String range) {
        if (value != null && (value.stripTrailingZeros().scale() > 0 || value.signum() < 0
                || value.compareTo(BigDecimal.valueOf(max)) > 0)) {
            broken.add(invalid(field, "A whole number from " + range));
        }
    }

    private static Broken invalid(String field, String message) {
        return new Broken(ProblemException.INVALID_REQUEST, field, message);
    }
}
