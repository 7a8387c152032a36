package dev.flashsale.console;

import dev.flashsale.gate.control.GateKeys;
import dev.flashsale.stock.entity.Sku;
import dev.flashsale.testsupport.Api;
import dev.flashsale.testsupport.Db;
import dev.flashsale.testsupport.Sales;
import dev.flashsale.testsupport.TestRedis;
import dev.flashsale.testsupport.TestServer;
import dev.flashsale.testsupport.browser.Browser;
import java.net.URL;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.function.Consumer;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.parallel.Isolated;
import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The merchandisers' sale pages in headless Chromium against the deployed WAR: a sale set up,
 * opened and watched while a storefront reserves and pays, its report and its reservations; every
 * invalid form refused with its message and nothing stored; a form posted without its ViewState,
 * or after its session ended, refused. It finds its own rows in the console's lists wherever
 * other classes' rows put them (as {@link ConsoleAdminIT}, the administration's pages), and so
 * holds beside other classes; it runs alone only for the CPU its browser takes. The login form's
 * refusals, which spend failed logins of the tests' own address, are {@link ConsoleLoginIT}'s.
 */
@Tag("browser")
@Isolated("a browser beside the classes side by side takes the CPU Redis needs on two cores: the gate's reads time out and it closes")
class ConsoleIT {

    private final URL base = TestServer.url();

    @Test
    void aMerchandiserSetsUpASaleOpensItAndWatchesHoldsAndSalesHappen() throws Exception {
        Api api = new Api(base);
        String skuA = Sales.uniqueSku("tee");
        String skuB = Sales.uniqueSku("cap");
        String name = "Console sale " + skuA;
        try (Browser browser = Browser.of(api.base())) {
            browser.login(Api.ADMIN_USER, Api.ADMIN_PASSWORD).awaitPresent("userForm:whoami");
            assertEquals(Api.ADMIN_USER + " (administrator)", browser.text("userForm:whoami"));

            browser.click("salesForm:newSale").awaitPresent("saleForm:name");
            browser.type("saleForm:name", name).type("saleForm:holdSeconds", "600").type("saleForm:maxPerOrder", "3");
            browser.type("saleForm:maxExtensionSeconds", "120").type("saleForm:maxExtensions", "2");
            browser.type("saleForm:items:0:sku", skuA).type("saleForm:items:0:units", "50");
            browser.click("saleForm:addItem").awaitPresent("saleForm:items:1:sku");
            browser.type("saleForm:items:1:sku", skuB).type("saleForm:items:1:units", "20");
            browser.click("saleForm:save").awaitText("saleForm:status", "DRAFT");
            assertEquals(70, Db.scalar("SELECT sum(st.total) FROM stock st JOIN sale s ON s.id = st.sale_id WHERE s.name = ?", name));
            assertEquals("120 2", Db.text("SELECT max_extension_seconds || ' ' || max_extensions FROM sale WHERE name = ?", name));

            browser.click("saleForm:open").awaitPresent("confirmYes");
            browser.click("confirmYes").awaitText("saleForm:status", "OPEN");
            assertEquals("OPEN", Db.text("SELECT status FROM sale WHERE name = ?", name));

            browser.click("saleForm:dashboard").awaitText("dashboardForm:held", "0");
            assertEquals("70", browser.text("dashboardForm:total"));

            Api.Answer first = api.reserve("console-" + skuA + "-1", skuA, "buyer-1", 3);
            Api.Answer second = api.reserve("console-" + skuB + "-1", skuB, "buyer-2", 2);
            assertEquals(201, first.status(), first.body());
            assertEquals(201, second.status(), second.body());
            browser.awaitText("dashboardForm:held", "5").awaitText("dashboardForm:available", "65");

            Api.Answer paid = api.confirm(first.json().getString("id"));
            assertEquals(200, paid.status(), paid.body());
            browser.awaitText("dashboardForm:sold", "3").awaitText("dashboardForm:held", "2");
            browser.awaitText("dashboardForm:skus:0:skuSold", skuA.compareTo(skuB) < 0 ? "3" : "0");
            Path shot = browser.screenshot("console-dashboard.png");
            assertTrue(Files.size(shot) > 10_000, "the screenshot shows the page");

            // The sales list shows the same sums.
            browser.open("console/sales.xhtml").awaitPresent("salesForm:sales:0:edit");
            String row = "salesForm:sales:" + browser.rowOf("salesForm:sales", "edit", name) + ":";
            assertEquals("OPEN", browser.text(row + "status"));
            assertEquals("70", browser.text(row + "total"));
            assertEquals("2", browser.text(row + "held"));
            assertEquals("3", browser.text(row + "sold"));
        }
        List<String> actions = Db.texts("SELECT action FROM audit_event WHERE actor = ? AND target IN"
                + " (SELECT 'sale:' || id FROM sale WHERE name = ?) ORDER BY id", Api.ADMIN_USER, name);
        assertEquals(List.of("sale.create", "sale.open"), actions);
    }

    /**
     * After the sale, its report page in a real browser: a sale run by the test (two buyers paid,
     * one cancelled, two refused as sold out), the page's funnel and refusals as the test made them,
     * and a screenshot (docs/console-report.png is one).
     */
    @Test
    void aSalesReportPageShowsWhatTheSaleDid() throws Exception {
        Api api = new Api(base);
        String sku = Sales.uniqueSku("report");
        String sale = Sales.openSale(api, sku, 2, 1, 600, "REFUSE").getString("id");
        String first = api.reserve("report-" + sku + "-1", sku, "buyer-1", 1).json().getString("id");
        String second = api.reserve("report-" + sku + "-2", sku, "buyer-2", 1).json().getString("id");
        assertEquals(200, api.confirm(first).status());
        assertEquals(200, api.cancel(second).status());
        String third = api.reserve("report-" + sku + "-3", sku, "buyer-3", 1).json().getString("id");
        assertEquals(200, api.confirm(third).status());
        for (int i = 0; i < 2; i++) {
            assertEquals(409, api.reserve("report-" + sku + "-late-" + i, sku, "buyer-late-" + i, 1).status());
        }
        await("the refusals flushed").atMost(Duration.ofSeconds(20)).until(() -> Db.scalar(
                "SELECT coalesce(sum(refused), 0) FROM sku_refusal WHERE sku = ?", sku) == 2);
        try (Browser browser = Browser.of(api.base())) {
            browser.login(Api.ADMIN_USER, Api.ADMIN_PASSWORD).awaitPresent("userForm:whoami");
            browser.open("console/sale.xhtml?id=" + sale).click("saleForm:report").awaitText("reportForm:reservations", "3");
            assertEquals("3", browser.text("reportForm:buyers"));
            assertEquals("2", browser.text("reportForm:confirmed"));
            assertEquals("1", browser.text("reportForm:cancelled"));
            assertEquals("0", browser.text("reportForm:expired"));
            assertEquals("1", browser.text("reportForm:unitsTakenAgain"));
            assertEquals("sold-out 2", browser.text("reportForm:refusals"));
            assertEquals(sku, browser.text("reportForm:skus:0:sku"));
            assertTrue(browser.text("reportForm:soldOut").endsWith("Z"), browser.text("reportForm:soldOut"));
            Path shot = browser.screenshot("console-report.png");
            assertTrue(Files.size(shot) > 10_000, "the screenshot shows the page");
        }
    }

    /**
     * A sale's reservations, from its report, a page at a time: 120 of them (written as a sale
     * leaves them, each with its ledger), 50 to a page, newest first, the next page the next 50,
     * and sorted by Created the other way the oldest first.
     */
    @Test
    void aSalesReservationsAreWalkedPageByPageFromItsReport() throws Exception {
        Api api = new Api(base);
        String sku = Sales.uniqueSku("pages");
        String sale = Sales.openSale(api, sku, 1, 1, 600, "REFUSE").getString("id");
        Db.update("INSERT INTO reservation (id, idempotency_key, sku, buyer_id, qty, status, created_at, expires_at, updated_at, owner)"
                + " SELECT gen_random_uuid(), 'page-' || g, ?, 'buyer-' || g, 1, 'EXPIRED', now() - (121 - g) * interval '1 second',"
                + " now(), now(), '00000000-0000-0000-0000-000000000000' FROM generate_series(1, 120) g", sku);
        Db.update("INSERT INTO stock_movement (reservation_id, sku, kind, qty, held_delta, sold_delta)"
                + " SELECT id, sku, kind, 1, delta, 0 FROM reservation, (VALUES ('CLAIM', 1), ('EXPIRE', -1)) AS moves(kind, delta)"
                + " WHERE sku = ?", sku);
        try (Browser browser = Browser.of(api.base())) {
            browser.login(Api.ADMIN_USER, Api.ADMIN_PASSWORD).awaitPresent("userForm:whoami");
            browser.open("console/report.xhtml?id=" + sale).awaitText("reportForm:reservations", "120");
            browser.click("reportForm:saleReservations").awaitPresent("reservationsForm:found:49:status");
            assertFalse(browser.has("reservationsForm:found:50:status"), "50 to a page");
            assertEquals("1-50 of 120", pageReport(browser));
            assertEquals("page-120", browser.text("reservationsForm:found:0:key"), "newest first");

            browser.script("document.querySelector('.ui-paginator-next').click();");
            browser.awaitPresent("reservationsForm:found:99:status");
            assertEquals("51-100 of 120", pageReport(browser));
            assertEquals("page-70", browser.text("reservationsForm:found:50:key"));

            browser.script("document.querySelector('th.ui-sortable-column').click();");
            browser.awaitText("reservationsForm:found:0:key", "page-1");
            assertEquals("1-50 of 120", pageReport(browser), "sorting starts again at the first page");
        }
    }

    private static String pageReport(Browser browser) {
        return String.valueOf(browser.script("return document.querySelector('.ui-paginator-current').textContent;")).strip();
    }

    @Test
    void anInvalidSaleFormShowsItsMessageNextToTheFieldAndStoresNothing() throws Exception {
        Api api = new Api(base);
        try (Browser browser = Browser.of(api.base())) {
            browser.login(Api.ADMIN_USER, Api.ADMIN_PASSWORD).awaitPresent("userForm:whoami");

            // One case of each place a message goes (a field of the sale, the list of SKUs, a field
            // of one SKU, two fields together): every rule's message is SaleRulesTest's, and
            // which input each rule's field is, SaleFormTest's.
            refused(browser, "blank name", form -> form.type("saleForm:name", "   "), "Give the sale a name");
            refused(browser, "no SKU", form -> form.click("saleForm:items:0:remove"), "A sale needs at least one SKU");
            refused(browser, "zero units", form -> form.type("saleForm:items:0:units", "0"),
                    "Units must be between 1 and 10,000,000");
            refused(browser, "end before start", form -> form
                    .setValue("saleForm:startsAt_input", "2030-01-02 10:00")
                    .setValue("saleForm:endsAt_input", "2030-01-01 10:00"), "The sale must end after it starts");

            String sku = Sales.uniqueSku("lower");
            String saleId = Sales.openSale(api, sku, 10, 5, 600, "REFUSE").getString("id");
            assertEquals(201, api.reserve("lower-" + sku, sku, "buyer-1", 4).status());
            String before = Db.fingerprint(sku);
            browser.open("console/sale.xhtml?id=" + saleId).awaitPresent("saleForm:items:0:units");
            browser.type("saleForm:items:0:units", "3").click("saleForm:save");
            browser.awaitBodyContains("cannot go down to 3 unit(s): 4 held and 0 sold");
            assertEquals(before, Db.fingerprint(sku), "lowering below held + sold changed nothing");
            assertEquals(10, Db.scalar("SELECT total FROM stock WHERE sku = ?", sku));

            browser.type("saleForm:items:0:units", "4").click("saleForm:save").awaitBodyContains("Sale saved");
            assertEquals(4, Db.scalar("SELECT total FROM stock WHERE sku = ?", sku), "down to held + sold is allowed");
        }
    }

    /** Fills a valid new sale, spoils it with {@code spoil}, saves, and expects the message and no sale. */
    private void refused(Browser browser, String what, Consumer<Browser> spoil, String message) {
        String name = "Invalid " + what + " " + Sales.uniqueSku("x");
        String sku = newSaleForm(browser, name, "bad");
        spoil.accept(browser);
        browser.click("saleForm:save").awaitBodyContains(message);
        assertTrue(browser.currentUrl().contains("sale.xhtml"), what + ": still on the form");
        assertEquals(0, Db.scalar("SELECT count(*) FROM sale WHERE name = ?", name), what + ": no sale stored");
        assertEquals(0, Db.scalar("SELECT count(*) FROM sku_item WHERE sku = ?", sku), what + ": no SKU stored");
    }

    /** Opens the new-sale form and fills it validly: a name and one SKU of 10 units; returns the SKU. */
    private static String newSaleForm(Browser browser, String name, String skuPrefix) {
        String sku = Sales.uniqueSku(skuPrefix);
        browser.open("console/sale.xhtml").awaitPresent("saleForm:name");
        browser.type("saleForm:name", name).type("saleForm:items:0:sku", sku).type("saleForm:items:0:units", "10");
        return sku;
    }

    @Test
    void aFormPostedWithoutItsViewStateIsRefusedAndChangesNothing() {
        Api api = new Api(base);
        String name = "Forged " + Sales.uniqueSku("f");
        try (Browser browser = Browser.of(api.base())) {
            browser.login(Api.ADMIN_USER, Api.ADMIN_PASSWORD).awaitPresent("userForm:whoami");
            newSaleForm(browser, name, "forged");
            browser.script("document.querySelectorAll(\"input[name='jakarta.faces.ViewState']\")"
                    + ".forEach(function (field) { field.value = '1234:5678'; });");
            browser.byId("saleForm:save").click();
            browser.awaitPresent("expired");
            assertTrue(browser.currentUrl().endsWith("/expired.xhtml"), browser.currentUrl());
            assertEquals(0, Db.scalar("SELECT count(*) FROM sale WHERE name = ?", name));

            // The same form with its own ViewState goes through: the refusal above was the token's.
            newSaleForm(browser, name, "real");
            browser.click("saleForm:save").awaitText("saleForm:status", "DRAFT");
            assertEquals(1, Db.scalar("SELECT count(*) FROM sale WHERE name = ?", name));
        }
    }

    @Test
    void aViewerSeesTheConsoleButNoButtonThatChangesASale() {
        Api api = new Api(base);
        String viewer = "viewer-" + Sales.uniqueSku("v").toLowerCase();
        Api.Answer added = api.adminPost("api/admin/users",
                "{\"username\":\"" + viewer + "\",\"password\":\"viewer-password-1\",\"role\":\"viewer\"}");
        assertEquals(201, added.status(), added.body());
        String saleId = Sales.openSale(api, Sales.uniqueSku("seen"), 5, 1, 600, "REFUSE").getString("id");
        try (Browser browser = Browser.of(api.base())) {
            browser.login(viewer, "viewer-password-1").awaitPresent("userForm:whoami");
            assertEquals(viewer + " (viewer)", browser.text("userForm:whoami"));
            assertFalse(browser.has("salesForm:newSale"));
            browser.open("console/sale.xhtml?id=" + saleId).awaitText("saleForm:status", "OPEN");
            assertFalse(browser.has("saleForm:save"));
            assertFalse(browser.has("saleForm:pause"));
            assertFalse(browser.has("saleForm:close"));
        }
    }

    @Test
    void reservationsAreFoundShownWithTheirLedgerAndAHoldIsCancelledFromTheConsole() {
        Api api = new Api(base);
        String sku = Sales.uniqueSku("desk");
        Sales.openSaleWithExtensions(api, sku, 10, 600, 60, 2);
        String heldKey = "desk-held-" + sku;
        String paidKey = "desk-paid-" + sku;
        String buyer = "desk-buyer-" + sku;
        assertEquals(201, api.reserve(heldKey, sku, "someone-" + sku, 1).status());
        Api.Answer paid = api.reserve(paidKey, sku, buyer, 1);
        assertEquals(200, api.confirm(paid.json().getString("id")).status());
        try (Browser browser = Browser.of(api.base())) {
            browser.login(Api.ADMIN_USER, Api.ADMIN_PASSWORD).awaitPresent("userForm:whoami");
            browser.open("console/reservations.xhtml").awaitPresent("reservationsForm:key");

            browser.type("reservationsForm:buyer", buyer).click("reservationsForm:search")
                    .awaitText("reservationsForm:found:0:status", "CONFIRMED");
            assertFalse(browser.has("reservationsForm:found:1:status"), "one reservation of that buyer");
            browser.click("reservationsForm:found:0:show").awaitText("reservationsForm:selectedStatus", "CONFIRMED");
            assertTrue(browser.bodyText().contains("CONFIRM"));
            assertFalse(browser.has("reservationsForm:cancelHold"), "a paid reservation offers no cancel");

            String held = api.adminGet("api/admin/reservations?key=" + heldKey).jsonArray().getJsonObject(0).getString("id");
            assertEquals(200, api.extend(held, "{\"seconds\": 30}").status());
            browser.type("reservationsForm:buyer", "").type("reservationsForm:key", heldKey)
                    .click("reservationsForm:search").awaitText("reservationsForm:found:0:status", "HELD");
            assertEquals("1", browser.text("reservationsForm:found:0:extensions"), "the extended hold shows its extension");
            browser.click("reservationsForm:found:0:show").awaitText("reservationsForm:selectedStatus", "HELD");
            assertEquals("1", browser.text("reservationsForm:selectedExtensions"));
            assertTrue(browser.bodyText().contains("EXTEND"), "the ledger's extension");
            browser.click("reservationsForm:cancelHold").awaitPresent("confirmYes");
            browser.click("confirmYes").awaitText("reservationsForm:selectedStatus", "CANCELLED");
            browser.awaitBodyContains("CANCEL");
        }
        assertEquals("CANCELLED", Db.text("SELECT status FROM reservation WHERE idempotency_key = ?", heldKey));
        assertEquals(0, Db.scalar("SELECT held FROM stock WHERE sku = ?", sku));
        assertEquals(1, Db.scalar("SELECT sold FROM stock WHERE sku = ?", sku));
        assertEquals(List.of("reservation.cancel"), Db.texts("SELECT action FROM audit_event WHERE actor = ? AND target ="
                + " (SELECT 'reservation:' || id FROM reservation WHERE idempotency_key = ?)", Api.ADMIN_USER, heldKey));
        TestRedis.awaitValue(GateKeys.counter(new Sku(sku)), "9");
    }

    @Test
    void anOpenSaleGainsUnitsNeverLosesTakenOnesAndSellsOnlyInsideItsWindow() {
        Api api = new Api(base);
        String sku = Sales.uniqueSku("window");
        String future = Instant.now().plusSeconds(3600).toString();
        String sale = "{\"name\":\"Window " + sku + "\",\"maxPerOrder\":5,\"startsAt\":\"" + future
                + "\",\"items\":[{\"sku\":\"" + sku + "\",\"units\":10}]}";
        Api.Answer created = api.adminPost("api/admin/sales", sale);
        assertEquals(201, created.status(), created.body());
        String id = created.json().getString("id");
        assertEquals(200, api.adminPostEmpty("api/admin/sales/" + id + "/open").status());
        Api.Answer early = api.reserve("early-" + sku, sku, "buyer-1", 1);
        assertEquals(409, early.status());
        assertTrue(early.json().getString("type").endsWith("/outside-sale-window"), early.body());

        String started = Instant.now().minusSeconds(60).toString();
        Api.Answer moved = api.put("api/admin/sales/" + id, sale.replace(future, started).replace("\"units\":10", "\"units\":12"),
                "Authorization", Api.basic(Api.ADMIN_USER, Api.ADMIN_PASSWORD));
        assertEquals(200, moved.status(), moved.body());
        assertEquals(201, api.reserve("on-time-" + sku, sku, "buyer-1", 5).status());
        TestRedis.awaitValue(GateKeys.counter(new Sku(sku)), "7");

        String before = Db.fingerprint(sku);
        Api.Answer lower = api.put("api/admin/sales/" + id, sale.replace(future, started).replace("\"units\":10", "\"units\":4"),
                "Authorization", Api.basic(Api.ADMIN_USER, Api.ADMIN_PASSWORD));
        assertEquals(409, lower.status());
        assertTrue(lower.json().getString("type").endsWith("/units-below-taken"), lower.body());
        assertEquals(before, Db.fingerprint(sku));
        assertEquals(12, Db.scalar("SELECT total FROM stock WHERE sku = ?", sku));
        assertEquals(List.of("sale.create", "sale.open", "sale.update"), Db.texts(
                "SELECT action FROM audit_event WHERE target = ? ORDER BY id", "sale:" + id));
    }

    @Test
    void aFormSentAfterTheSessionEndedIsRefusedAndSendsToTheLoginPage() {
        Api api = new Api(base);
        String name = "After the session " + Sales.uniqueSku("s");
        try (Browser browser = Browser.of(api.base())) {
            browser.login(Api.ADMIN_USER, Api.ADMIN_PASSWORD).awaitPresent("userForm:whoami");
            newSaleForm(browser, name, "late");
            browser.endSession();
            browser.byId("saleForm:save").click();
            browser.awaitPresent("login:username");
            assertTrue(browser.currentUrl().endsWith("/login.xhtml"), browser.currentUrl());
        }
        assertEquals(0, Db.scalar("SELECT count(*) FROM sale WHERE name = ?", name));
    }
}
