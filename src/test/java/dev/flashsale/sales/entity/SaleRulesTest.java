package dev.flashsale.sales.entity;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.flashsale.platform.problem.Problem;
import dev.flashsale.platform.problem.ProblemException;
import java.math.BigDecimal;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import org.junit.jupiter.api.Test;

class SaleRulesTest {

    private static final Instant NOON = Instant.parse("2030-01-01T12:00:00Z");
    private static final NewSale.Item ITEM = item("TEE-1", "10", null);

    @Test
    void aSaleWithOnlyANameAndOneItemBreaksNoRule() {
        assertEquals(List.of(), SaleRules.brokenBy(sale("Drop", List.of(ITEM))));
        SaleRules.enforce(sale("Drop", List.of(ITEM)));
    }

    @Test
    void aSaleAtEveryBoundBreaksNoRule() {
        NewSale atMost = new NewSale("n".repeat(200), new BigDecimal("86400"), new BigDecimal("10000"),
                new BigDecimal("10000000"), "RECLAIM", NOON, NOON.plusSeconds(1),
                List.of(item("A." + "b".repeat(62), "10000000", "64"), item("B", "1.00", "1")), new BigDecimal("3600"),
                new BigDecimal("10"));
        NewSale atLeast = new NewSale("  x  ", BigDecimal.ONE, BigDecimal.ONE, BigDecimal.ONE, "REFUSE", null, NOON,
                Collections.nCopies(1, ITEM), BigDecimal.ZERO, new BigDecimal("0.0"));
        assertEquals(List.of(), SaleRules.brokenBy(atMost));
        assertEquals(List.of(), SaleRules.brokenBy(atLeast));
        assertEquals(List.of(), SaleRules.brokenBy(sale("Many", distinctItems(SaleRules.MAX_ITEMS))));
    }

    @Test
    void theName() {
        assertEquals(List.of(invalid("name", "Give the sale a name")), SaleRules.brokenBy(sale(null, List.of(ITEM))));
        assertEquals(List.of(invalid("name", "Give the sale a name")), SaleRules.brokenBy(sale("   ", List.of(ITEM))));
        assertEquals(List.of(invalid("name", "At most 200 characters")),
                SaleRules.brokenBy(sale("n".repeat(201), List.of(ITEM))));
        assertEquals(List.of(), SaleRules.brokenBy(sale(" " + "n".repeat(200) + " ", List.of(ITEM))), "counted once stripped");
    }

    @Test
    void theHoldTime() {
        assertEquals(List.of(invalid("holdSeconds", "A whole number of seconds")), terms("1.5", null, null, null));
        assertEquals(List.of(invalid("holdSeconds", "At least 1 second")), terms("0", null, null, null));
        assertEquals(List.of(invalid("holdSeconds", "At most 86,400 seconds (a day)")), terms("86401", null, null, null));
        assertEquals(List.of(invalid("holdSeconds", "At most 86,400 seconds (a day)")), terms("99999999999", null, null, null));
    }

    @Test
    void theUnitsPerOrderAndPerBuyer() {
        assertEquals(List.of(invalid("maxPerOrder", "A whole number")), terms(null, "2.5", null, null));
        assertEquals(List.of(invalid("maxPerOrder", "At least 1")), terms(null, "-3", null, null));
        assertEquals(List.of(invalid("maxPerOrder", "At most 10,000")), terms(null, "10001", null, null));
        assertEquals(List.of(invalid("maxPerBuyer", "A whole number")), terms(null, null, "0.1", null));
        assertEquals(List.of(invalid("maxPerBuyer", "At least 1, or leave it empty for no cap")), terms(null, null, "0", null));
        assertEquals(List.of(invalid("maxPerBuyer", "At most 10,000,000")), terms(null, null, "10000001", null));
    }

    @Test
    void theHoldExtensions() {
        String seconds = "A whole number from 0 (holds are not extended) to 3,600 seconds (an hour)";
        String times = "A whole number from 0 (holds are not extended) to 10 times";
        for (String wrong : List.of("-1", "2.5", "3601", "99999999999")) {
            assertEquals(List.of(invalid("maxExtensionSeconds", seconds)), extensions(wrong, null), wrong);
        }
        for (String wrong : List.of("-1", "0.5", "11")) {
            assertEquals(List.of(invalid("maxExtensions", times)), extensions(null, wrong), wrong);
        }
        assertEquals(List.of(), extensions("0", "0"));
        assertEquals(List.of(), extensions("60.0", "3"));
    }

    @Test
    void theLatePaymentPolicy() {
        assertEquals(List.of(invalid("latePayment", "REFUSE or RECLAIM")), terms(null, null, null, "MAYBE"));
        assertEquals(List.of(invalid("latePayment", "REFUSE or RECLAIM")), terms(null, null, null, "refuse"));
    }

    @Test
    void theWindowEndsAfterItStarts() {
        NewSale backwards = new NewSale("Drop", null, null, null, null, NOON, NOON.minusSeconds(60), List.of(ITEM), null, null);
        NewSale empty = new NewSale("Drop", null, null, null, null, NOON, NOON, List.of(ITEM), null, null);
        String message = "The sale must end after it starts (endsAt 2030-01-01T11:59:00Z, startsAt 2030-01-01T12:00:00Z)";
        assertEquals(List.of(new SaleRules.Broken("window-ends-before-start", "endsAt", message)), SaleRules.brokenBy(backwards));
        assertEquals("endsAt", SaleRules.brokenBy(empty).get(0).field());
        assertEquals(List.of(), SaleRules.brokenBy(new NewSale("Drop", null, null, null, null, null, NOON, List.of(ITEM), null, null)));
        Problem problem = refused(backwards);
        assertEquals(Problem.TYPE_BASE + "window-ends-before-start", problem.type());
        assertEquals(message, problem.detail());
        assertEquals(null, problem.errors());
    }

    @Test
    void theItemsThemselves() {
        assertEquals(List.of(invalid("items", "A sale needs at least one SKU")), SaleRules.brokenBy(sale("Drop", null)));
        assertEquals(List.of(invalid("items", "A sale needs at least one SKU")), SaleRules.brokenBy(sale("Drop", List.of())));
        assertEquals(List.of(invalid("items", "At most 100 SKUs")),
                SaleRules.brokenBy(sale("Drop", distinctItems(SaleRules.MAX_ITEMS + 1))));
        assertEquals(List.of(invalid("items[1]", "Give the SKU and its units")),
                SaleRules.brokenBy(sale("Drop", Arrays.asList(ITEM, null))));
    }

    @Test
    void eachItemsSkuUnitsAndShards() {
        assertEquals(List.of(invalid("items[0].sku", "Give the SKU")), items(item(null, "1", null)));
        assertEquals(List.of(invalid("items[0].sku", "Give the SKU")), items(item("", "1", null)));
        assertEquals(List.of(invalid("items[0].sku", "1 to 64 letters, digits, '.', '_', ':' or '-'")),
                items(item("-no spaces", "1", null)));
        assertEquals(List.of(invalid("items[0].units", "Give the units")), items(item("A", null, null)));
        assertEquals(List.of(invalid("items[0].units", "Units are a whole number")), items(item("A", "1.5", null)));
        assertEquals(List.of(invalid("items[0].units", "Units must be between 1 and 10,000,000")), items(item("A", "0", null)));
        assertEquals(List.of(invalid("items[0].units", "Units must be between 1 and 10,000,000")),
                items(item("A", "99999999999", null)));
        assertEquals(List.of(invalid("items[0].shards", "Shards are a whole number")), items(item("A", "1", "2.5")));
        assertEquals(List.of(invalid("items[0].shards", "1 to 64 shards")), items(item("A", "1", "0")));
        assertEquals(List.of(invalid("items[0].shards", "1 to 64 shards")), items(item("A", "1", "65")));
    }

    @Test
    void aSkuListedTwiceIsNamedAtItsSecondPlace() {
        NewSale twice = sale("Drop", List.of(item("A", "1", null), item("B", "1", null), item("A", "2", null)));
        SaleRules.Broken broken = new SaleRules.Broken("duplicate-sku", "items[2].sku", "SKU A is listed twice in this sale");
        assertEquals(List.of(broken), SaleRules.brokenBy(twice));
        Problem problem = refused(twice);
        assertEquals(Problem.TYPE_BASE + "duplicate-sku", problem.type());
        assertEquals(broken.message(), problem.detail());
    }

    @Test
    void everyBrokenRuleIsListedInTheFormsOrder() {
        NewSale bad = new NewSale(" ", new BigDecimal("0"), null, null, "NOPE", NOON, NOON,
                List.of(item("A", "0", null), item("A", "1", null)), null, null);
        assertEquals(List.of("name", "holdSeconds", "latePayment", "endsAt", "items[0].units", "items[1].sku"),
                SaleRules.brokenBy(bad).stream().map(SaleRules.Broken::field).toList());
    }

    /** The admin API answers broken fields before a duplicate SKU, and a duplicate SKU before the window. */
    @Test
    void theAdminApiAnswersTheFieldsFirstThenADuplicateThenTheWindow() {
        NewSale all = new NewSale("Drop", new BigDecimal("0"), null, null, null, NOON, NOON,
                List.of(item("A", "1", null), item("A", "1", "0")), null, null);
        Problem fields = refused(all);
        assertEquals(400, fields.status());
        assertEquals(Problem.TYPE_BASE + ProblemException.INVALID_REQUEST, fields.type());
        assertEquals(List.of(new Problem.FieldError("holdSeconds", "At least 1 second"),
                new Problem.FieldError("items[1].shards", "1 to 64 shards")), fields.errors());
        assertEquals("holdSeconds: At least 1 second", fields.detail());

        NewSale duplicateAndWindow = new NewSale("Drop", null, null, null, null, NOON, NOON,
                List.of(item("A", "1", null), item("A", "1", null)), null, null);
        assertEquals(Problem.TYPE_BASE + "duplicate-sku", refused(duplicateAndWindow).type());
    }

    private static Problem refused(NewSale sale) {
        return assertThrows(ProblemException.class, () -> SaleRules.enforce(sale)).toProblem();
    }

    private static SaleRules.Broken invalid(String field, String message) {
        return new SaleRules.Broken(ProblemException.INVALID_REQUEST, field, message);
    }

    private static List<SaleRules.Broken> terms(String holdSeconds, String maxPerOrder, String maxPerBuyer, String latePayment) {
        return SaleRules.brokenBy(new NewSale("Drop", decimal(holdSeconds), decimal(maxPerOrder), decimal(maxPerBuyer),
                latePayment, null, null, List.of(ITEM), null, null));
    }

    private static List<SaleRules.Broken> items(NewSale.Item item) {
        return SaleRules.brokenBy(sale("Drop", List.of(item)));
    }

    private static List<SaleRules.Broken> extensions(String maxExtensionSeconds, String maxExtensions) {
        return SaleRules.brokenBy(new NewSale("Drop", null, null, null, null, null, null, List.of(ITEM),
                decimal(maxExtensionSeconds), decimal(maxExtensions)));
    }

    private static NewSale sale(String name, List<NewSale.Item> items) {
        return new NewSale(name, null, null, null, null, null, null, items, null, null);
    }

    private static NewSale.Item item(String sku, String units, String shards) {
        return new NewSale.Item(sku, decimal(units), decimal(shards));
    }

    private static List<NewSale.Item> distinctItems(int count) {
        List<NewSale.Item> items = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            items.add(item("SKU-" + i, "1", null));
        }
        return items;
    }

    private static BigDecimal decimal(String value) {
        return value == null ? null : new BigDecimal(value);
    }
}
