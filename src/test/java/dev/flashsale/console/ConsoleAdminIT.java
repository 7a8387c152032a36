package dev.flashsale.console;

import dev.flashsale.gate.control.GateKeys;
import dev.flashsale.stock.entity.Sku;
import dev.flashsale.testsupport.Api;
import dev.flashsale.testsupport.Db;
import dev.flashsale.testsupport.Sales;
import dev.flashsale.testsupport.TestRedis;
import dev.flashsale.testsupport.TestServer;
import dev.flashsale.testsupport.WebhookReceiver;
import dev.flashsale.testsupport.Webhooks;
import dev.flashsale.testsupport.browser.Browser;
import java.net.URL;
import java.time.Duration;
import java.util.List;
import java.util.stream.Stream;
import org.awaitility.Awaitility;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.parallel.Isolated;
import redis.clients.jedis.Jedis;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The console's administration in headless Chromium, and the admin API's doors: users added and
 * passwords changed, storefront keys issued and revoked with their audit trail, a failed webhook
 * delivery sent again, reconciliation run and a counter rebuilt; a viewer reads and changes
 * nothing; without a login, pages send to the login form and the API answers 401. It finds its
 * own rows in the console's lists and follows its own webhook delivery, whatever other classes
 * write ({@link ConsoleIT}); it runs alone only for the CPU its browser takes.
 */
@Tag("browser")
@Isolated("a browser beside the classes side by side takes the CPU Redis needs on two cores: the gate's reads time out and it closes")
class ConsoleAdminIT {

    private final URL base = TestServer.url();

    @Test
    void badAdminQueriesGetProblemsAndChangeNothing() {
        Api api = new Api(base);
        // An administrator of this test's own (who may add users and keys), so that "nothing changed"
        // can be told by its actions alone.
        String asker = "asker-" + Sales.uniqueSku("q").toLowerCase();
        assertEquals(201, api.adminPost("api/admin/users", "{\"username\":\"" + asker
                + "\",\"password\":\"asker-password-1\",\"role\":\"administrator\"}").status());
        String[] asAsker = {"Authorization", Api.basic(asker, "asker-password-1")};
        String adminAccount = "SELECT concat_ws(':', password_hash, role, enabled) FROM app_user WHERE username = ?";
        String adminBefore = Db.text(adminAccount, Api.ADMIN_USER);
        for (String path : List.of("api/admin/audit?limit=abc", "api/admin/audit?limit=0", "api/admin/audit?limit=501",
                "api/admin/reservations?status=NOPE", "api/admin/reservations/not-a-uuid/history")) {
            Api.Answer answer = api.get(path, asAsker);
            assertEquals(400, answer.status(), path + " " + answer.body());
            assertTrue(answer.contentType().startsWith("application/problem+json"), path);
        }
        Api.Answer user = api.post("api/admin/users", "{\"username\":\"bad user\",\"password\":\"short\",\"role\":\"boss\"}",
                asAsker);
        assertEquals(400, user.status(), user.body());
        assertEquals(3, user.json().getJsonArray("errors").size(), user.body());
        assertEquals(400, api.post("api/admin/api-keys", "{\"name\":\" \"}", asAsker).status());
        assertEquals(409, api.post("api/admin/users", "{\"username\":\"" + Api.ADMIN_USER
                + "\",\"password\":\"long-enough-pw\",\"role\":\"viewer\"}", asAsker).status());
        assertEquals(0, Db.scalar("SELECT count(*) FROM audit_event WHERE actor = ?", asker), "no action recorded");
        assertEquals(0, Db.scalar("SELECT count(*) FROM api_key WHERE created_by = ?", asker), "no key issued");
        assertEquals(adminBefore, Db.text(adminAccount, Api.ADMIN_USER), "the existing account is untouched");
    }

    /** The pages of users and of one's own account (their API calls' rules: AccountAdministrationIT). */
    @Test
    void anAdministratorAddsAUserInTheConsoleWhoChangesTheirOwnPasswordThere() {
        Api api = new Api(base);
        String user = "added-" + Sales.uniqueSku("u").toLowerCase();
        try (Browser browser = Browser.of(api.base())) {
            browser.login(Api.ADMIN_USER, Api.ADMIN_PASSWORD).awaitPresent("userForm:whoami");
            browser.click("navUsers").awaitPresent("usersForm:add");
            browser.type("usersForm:username", user).type("usersForm:password", "short").click("usersForm:add")
                    .awaitBodyContains("must be 12 to 200 characters");
            assertEquals(0, Db.scalar("SELECT count(*) FROM app_user WHERE username = ?", user), "refused by the rule the API applies");
            browser.type("usersForm:password", "first-password-1").click("usersForm:add").awaitBodyContains("User " + user + " added");
            assertEquals("viewer", Db.text("SELECT role FROM app_user WHERE username = ?", user));
            browser.endSession();

            browser.login(user, "first-password-1").awaitPresent("userForm:whoami");
            assertEquals(user + " (viewer)", browser.text("userForm:whoami"));
            assertFalse(browser.has("navUsers"), "no users for a viewer");
            assertFalse(browser.has("navKeys"), "no keys for a viewer");
            browser.click("navAccount").awaitPresent("accountForm:change");
            browser.type("accountForm:currentPassword", "first-password-1").type("accountForm:newPassword", "my-own-password-1")
                    .click("accountForm:change").awaitBodyContains("Password changed");
        }
        assertEquals(200, api.get("api/admin/me", "Authorization", Api.basic(user, "my-own-password-1")).status());
        assertEquals(List.of("user.add", "user.password-change", "user.sessions-ended"),
                Db.texts("SELECT action FROM audit_event WHERE target = ? ORDER BY id", "user:" + user));
    }

    @Test
    void withoutALoginPagesSendToTheLoginPageAndTheAdminApiAnswers401() {
        Api anonymous = new Api(base).withStorefrontKey(null);
        Api.Answer page = anonymous.get("console/sales.xhtml");
        assertEquals(302, page.status());
        assertTrue(page.location().endsWith("/login.xhtml"), page.location());
        Api.Answer root = anonymous.get("");
        assertEquals(302, root.status());
        assertTrue(root.location().endsWith("/console/sales.xhtml"), root.location());
        for (String path : List.of("api/admin/sales", "api/admin/audit", "api/admin/api-keys", "api/admin/users")) {
            Api.Answer answer = anonymous.get(path);
            assertEquals(401, answer.status(), path);
            assertTrue(answer.wwwAuthenticate().startsWith("Basic realm="), path);
            assertTrue(answer.contentType().startsWith("application/problem+json"), path);
        }
    }

    @Test
    void aViewerMayReadThroughTheAdminApiButChangesNothing() {
        Api api = new Api(base);
        String viewer = "reader-" + Sales.uniqueSku("r").toLowerCase();
        assertEquals(201, api.adminPost("api/admin/users",
                "{\"username\":\"" + viewer + "\",\"password\":\"reader-password-1\",\"role\":\"viewer\"}").status());
        String sku = Sales.uniqueSku("guarded");
        String saleId = Sales.openSale(api, sku, 5, 1, 600, "REFUSE").getString("id");
        String reader = Api.basic(viewer, "reader-password-1");

        assertEquals(200, api.get("api/admin/sales/" + saleId, "Authorization", reader).status());
        assertEquals(200, api.get("api/admin/sales", "Authorization", reader).status());
        String before = Db.fingerprint(sku);
        for (String path : List.of("api/admin/sales/" + saleId + "/pause", "api/admin/sales/" + saleId + "/close",
                "api/admin/reconciliation/run", "api/admin/skus/" + sku + "/rebuild-counter")) {
            Api.Answer refused = api.postEmpty(path, "Authorization", reader);
            assertEquals(403, refused.status(), path);
            assertTrue(refused.contentType().startsWith("application/problem+json"), path + " " + refused.contentType());
        }
        String viewersSku = Sales.uniqueSku("v");
        Api.Answer create = api.post("api/admin/sales", "{\"name\":\"By a viewer\",\"items\":[{\"sku\":\""
                + viewersSku + "\",\"units\":1}]}", "Authorization", reader);
        assertEquals(403, create.status());
        Api.Answer newUser = api.post("api/admin/users",
                "{\"username\":\"sneaky\",\"password\":\"sneaky-password-1\",\"role\":\"merchandiser\"}",
                "Authorization", reader);
        assertEquals(403, newUser.status());
        assertEquals(before, Db.fingerprint(sku));
        assertEquals(0, Db.scalar("SELECT count(*) FROM sku_item WHERE sku = ?", viewersSku), "no sale created");
        assertEquals(0, Db.scalar("SELECT count(*) FROM audit_event WHERE actor = ?", viewer), "no action recorded");
        assertEquals("OPEN", Db.text("SELECT status FROM sale WHERE id = ?::uuid", saleId));
        assertEquals(0, Db.scalar("SELECT count(*) FROM app_user WHERE username = 'sneaky'"));
    }

    @Test
    void storefrontKeysOpenOnlyTheStorefrontApiAndARevokedKeyIsRefused() {
        Api api = new Api(base);
        String sku = Sales.openSku(api, 10, 1, 600, "REFUSE");
        Api keyless = api.withStorefrontKey(null);
        Api.Answer noKey = keyless.stock(sku);
        assertEquals(401, noKey.status());
        assertEquals("nosniff", noKey.header("X-Content-Type-Options"));
        assertFalse(noKey.header("Server").contains("Payara"), noKey.header("Server"));
        assertTrue(noKey.wwwAuthenticate().startsWith("ApiKey"), noKey.wwwAuthenticate());
        assertEquals(401, keyless.reserve("nokey-" + sku, sku, "buyer-1", 1).status());
        assertEquals(401, api.withStorefrontKey("fsk_not-a-key").stock(sku).status());
        assertEquals(0, Db.scalar("SELECT count(*) FROM reservation WHERE sku = ?", sku));

        Api.Answer issued = api.adminPost("api/admin/api-keys", "{\"name\":\"shop-" + sku + "\"}");
        assertEquals(201, issued.status(), issued.body());
        String key = issued.json().getString("key");
        Api shop = api.withStorefrontKey(key);
        assertEquals(200, shop.stock(sku).status());
        assertEquals(201, shop.reserve("shop-" + sku, sku, "buyer-1", 1).status());
        assertEquals(1, Db.scalar("SELECT count(*) FROM api_key WHERE key_sha256 = encode(sha256(?::bytea), 'hex')", key));
        assertEquals(0, Db.scalar("SELECT count(*) FROM api_key WHERE key_sha256 = ?", key), "the key itself is not stored");

        // A storefront key opens neither the admin API nor the console.
        Api.Answer admin = shop.get("api/admin/sales");
        assertEquals(401, admin.status());
        assertTrue(admin.wwwAuthenticate().startsWith("Basic"), admin.wwwAuthenticate());
        assertEquals(401, shop.postEmpty("api/admin/reconciliation/run").status());
        Api.Answer page = shop.get("console/sales.xhtml");
        assertEquals(302, page.status());
        assertTrue(page.location().endsWith("/login.xhtml"), page.location());

        String keyId = issued.json().getString("id");
        assertEquals(204, api.adminPostEmpty("api/admin/api-keys/" + keyId + "/revoke").status());
        assertEquals(401, shop.stock(sku).status());
        assertEquals(404, api.adminPostEmpty("api/admin/api-keys/" + keyId + "/revoke").status(), "revoked once");
        assertEquals(List.of("apikey.issue", "apikey.revoke"), Db.texts(
                "SELECT action FROM audit_event WHERE target = ? ORDER BY id", "apikey:" + keyId));
    }

    @Test
    void pagesCarrySecurityHeadersAndNoServerVersion() {
        Api api = new Api(base);
        Api.Answer login = api.get("login.xhtml");
        assertEquals(200, login.status());
        String csp = login.header("Content-Security-Policy");
        assertTrue(csp.contains("frame-ancestors 'none'") && csp.contains("default-src 'self'"), csp);
        assertEquals("nosniff", login.header("X-Content-Type-Options"));
        assertEquals("DENY", login.header("X-Frame-Options"));
        assertFalse(login.header("Server").contains("Payara"), login.header("Server"));
        assertEquals("", login.header("X-Powered-By"));
        String cookie = login.header("Set-Cookie");
        assertTrue(cookie.contains("HttpOnly") && cookie.toLowerCase().contains("samesite=strict"), cookie);

        Api.Answer missing = api.get("console/../no-such-page.xhtml");
        assertTrue(missing.status() == 404 || missing.status() == 302, "status " + missing.status());
        assertFalse(missing.body().contains("Payara") || missing.body().contains("Exception"), missing.body());
    }

    /**
     * A delivery its receiver refused for a day is listed with its last error, and sent again from
     * the console. The webhook hears every class's cancellations: the test follows its own
     * reservation's delivery.
     */
    @Test
    void aFailedWebhookDeliveryIsListedWithItsErrorAndSentAgainFromTheConsole() {
        Api api = new Api(base);
        String own = "webhook_delivery d JOIN outbox o ON o.id = d.outbox_id WHERE d.webhook_id = ?::uuid"
                + " AND o.body::jsonb -> 'data' ->> 'reservationId' = ?";
        try (WebhookReceiver receiver = new WebhookReceiver()) {
            receiver.refuse("console", true);
            Webhooks.Registered hook = Webhooks.register(api, receiver.url("console"), "reservation.cancelled");
            try {
                String sku = Sales.openSku(api, 2, 1, 600, "REFUSE");
                String reservation = api.reserve("console-hook-" + sku, sku, "buyer-1", 1).json().getString("id");
                assertEquals(200, api.cancel(reservation).status());
                Awaitility.await("a refused attempt").atMost(Duration.ofSeconds(30)).until(() -> ownMessages(receiver, reservation)
                        .findAny().isPresent());
                Db.update("UPDATE webhook_delivery SET round_started_at = now() - interval '25 hours' WHERE id = (SELECT d.id FROM "
                        + own + ")", hook.id(), reservation);
                Awaitility.await("given up").atMost(Duration.ofSeconds(30)).until(() ->
                        "FAILED".equals(Db.text("SELECT d.status FROM " + own, hook.id(), reservation)));
                String messageId = ownMessages(receiver, reservation).findFirst().orElseThrow().id();
                receiver.refuse("console", false);

                try (Browser browser = Browser.of(api.base())) {
                    browser.login(Api.ADMIN_USER, Api.ADMIN_PASSWORD).awaitPresent("userForm:whoami");
                    browser.open("console/webhooks.xhtml").awaitPresent("webhooksForm:url");
                    String row = "webhooksForm:failed:" + browser.rowOf("webhooksForm:failed", "messageId", messageId) + ":";
                    assertEquals("HTTP 500", browser.text(row + "lastError"));
                    browser.click(row + "sendAgain").awaitAjax();
                }
                Awaitility.await("sent again and delivered").atMost(Duration.ofSeconds(30)).until(() ->
                        "DELIVERED".equals(Db.text("SELECT d.status FROM " + own, hook.id(), reservation)));
                assertEquals(204, ownMessages(receiver, reservation).reduce((first, last) -> last).orElseThrow().answered());
                assertEquals(1, Db.scalar("SELECT count(*) FROM audit_event WHERE action = 'webhook.send-again' AND target = ?",
                        "delivery:" + Db.text("SELECT d.id FROM " + own, hook.id(), reservation)));
            } finally {
                Webhooks.delete(api, hook.id());
            }
        }
    }

    private static Stream<WebhookReceiver.Received> ownMessages(WebhookReceiver receiver, String reservation) {
        return receiver.at("console").stream().filter(message -> message.body().contains(reservation));
    }

    @Test
    void theReconciliationPageReconcilesNowAndRebuildsACounter() {
        Api api = new Api(base);
        String sku = Sales.openSku(api, 8, 1, 600, "REFUSE");
        assertEquals(201, api.reserve("recon-" + sku, sku, "buyer-1", 1).status());
        try {
            try (Jedis redis = TestRedis.client()) {
                redis.set(GateKeys.counter(new Sku(sku)), "2");
            }
            try (Browser browser = Browser.of(api.base())) {
                browser.login(Api.ADMIN_USER, Api.ADMIN_PASSWORD).awaitPresent("userForm:whoami");
                browser.open("console/reconciliation.xhtml").awaitPresent("reconciliationForm:reconcileNow");
                browser.click("reconciliationForm:reconcileNow").awaitBodyContains("Reconciled:");
                browser.awaitBodyContains(sku + ": REDIS_LOW");
                assertEquals(1, Db.scalar("SELECT count(*) FROM reconciliation_gap WHERE sku = ? AND kind = 'REDIS_LOW'", sku),
                        "one run found the SKU's gap");

                browser.type("reconciliationForm:sku", sku).click("reconciliationForm:rebuild").awaitPresent("confirmYes");
                browser.click("confirmYes").awaitBodyContains("Counter of " + sku + " rebuilt: 2 -> 7");
            }
            TestRedis.awaitValue(GateKeys.counter(new Sku(sku)), "7");
            assertEquals(List.of("counter.rebuild"), Db.texts(
                    "SELECT action FROM audit_event WHERE actor = ? AND target = ?", Api.ADMIN_USER, "sku:" + sku));
            assertEquals(List.of("reconciliation.run"), Db.texts("SELECT action FROM audit_event WHERE actor = ? AND target ="
                    + " (SELECT 'run:' || run_id FROM reconciliation_gap WHERE sku = ?)", Api.ADMIN_USER, sku),
                    "the run that found the gap is in the audit trail");
        } finally {
            api.rebuildCounter(sku);
        }
    }

    @Test
    void aStorefrontKeyIssuedInTheConsoleWorksUntilItIsRevokedThereAndTheAuditTrailShowsBoth() {
        Api api = new Api(base);
        String sku = Sales.openSku(api, 5, 1, 600, "REFUSE");
        String shop = "console-shop-" + sku;
        try (Browser browser = Browser.of(api.base())) {
            browser.login(Api.ADMIN_USER, Api.ADMIN_PASSWORD).awaitPresent("userForm:whoami");
            browser.open("console/keys.xhtml").awaitPresent("keysForm:name");
            browser.type("keysForm:name", shop).click("keysForm:issue").awaitPresent("keysForm:issuedKey");
            String key = browser.text("keysForm:issuedKey");
            assertTrue(key.startsWith("fsk_"), key);
            assertEquals(200, api.withStorefrontKey(key).stock(sku).status());

            browser.click("keysForm:keys:" + browser.rowOf("keysForm:keys", "name", shop) + ":revoke").awaitPresent("confirmYes");
            browser.click("confirmYes").awaitBodyContains("Key revoked");
            assertEquals(401, api.withStorefrontKey(key).stock(sku).status());

            // The trail, newest first: the key's two events, the revocation above the issue.
            String target = "apikey:" + Db.text("SELECT id FROM api_key WHERE name = ?", shop);
            browser.open("console/audit.xhtml").awaitPresent("auditForm:events:0:action");
            int revoked = browser.rowOf("auditForm:events", "target", target);
            assertEquals("apikey.revoke", browser.text("auditForm:events:" + revoked + ":action"));
            assertEquals(Api.ADMIN_USER, browser.text("auditForm:events:" + revoked + ":actor"));
            int issued = revoked + 1;
            while (!target.equals(browser.text("auditForm:events:" + issued + ":target"))) {
                issued++;
            }
            assertEquals("apikey.issue", browser.text("auditForm:events:" + issued + ":action"));
        }
    }
}
