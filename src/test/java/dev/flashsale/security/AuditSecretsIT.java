package dev.flashsale.security;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.flashsale.audit.entity.AuditAction;
import dev.flashsale.testsupport.Api;
import dev.flashsale.testsupport.Db;
import dev.flashsale.testsupport.RoomSales;
import dev.flashsale.testsupport.Sales;
import dev.flashsale.testsupport.TestServer;
import dev.flashsale.testsupport.Webhooks;
import jakarta.json.Json;
import jakarta.json.JsonObject;
import java.time.Instant;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.UUID;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.parallel.Isolated;

/**
 * The audit trail records what changed, never a secret. Every audited action ({@link AuditAction},
 * each one, so that a new action without a line here fails the test) is performed through the
 * admin API with recognisable secrets: webhook URLs with a token in their query, webhook secrets,
 * users' passwords, a storefront key, a room's ticket. A viewer then reads the trail, and none of
 * them is in it. Before the change the trail showed a webhook's URL whole, {@code ?token=} and
 * all, and a revoked ticket.
 */
@Tag("security")
@Isolated("its webhook hears every sale's events; runs reconciliation; reads the latest audit events")
class AuditSecretsIT {

    private final Api api = new Api(TestServer.url());

    @Test
    void everyAuditedActionLeavesNoSecretInWhatAViewerReads() {
        String run = UUID.randomUUID().toString().substring(0, 8);
        String token = "s3cr3t" + run;
        String otherToken = "an0ther" + run;
        String hookSecret = "whsec_" + java.util.Base64.getEncoder().encodeToString(("first-hook-secret-" + run + "-32").getBytes());
        String newHookSecret = "whsec_" + java.util.Base64.getEncoder().encodeToString(("second-hook-secret-" + run + "32").getBytes());
        String firstPassword = "first-password-" + run;
        String resetPassword = "reset-password-" + run;
        String ownPassword = "own-password-" + run;
        String viewer = "audit-viewer-" + run;
        String viewerPassword = "viewer-password-" + run;

        // Sales: create, update (a draft), open, pause, close; a room: set, pause, resume, revoke.
        String draftSku = Sales.uniqueSku("audit-draft");
        Api.Answer draft = api.adminPost("api/admin/sales", saleBody(draftSku, "Draft " + run));
        assertEquals(201, draft.status(), draft.toString());
        String draftId = draft.json().getString("id");
        Api.Answer updated = api.adminPut("api/admin/sales/" + draftId, saleBody(draftSku, "Renamed " + run));
        assertEquals(200, updated.status(), updated.toString());
        assertEquals(200, api.adminPostEmpty("api/admin/sales/" + draftId + "/open").status());
        assertEquals(200, api.adminPostEmpty("api/admin/sales/" + draftId + "/pause").status());
        assertEquals(200, api.adminPostEmpty("api/admin/sales/" + draftId + "/close").status());

        String roomSku = Sales.uniqueSku("audit-room");
        UUID roomSale = RoomSales.open(api, roomSku, 5, 1, 600, Instant.now().minusSeconds(1), new RoomSales.Room(5, 5, 60, 30));
        assertEquals(200, api.adminPostEmpty("api/admin/sales/" + roomSale + "/room/pause").status());
        assertEquals(200, api.adminPostEmpty("api/admin/sales/" + roomSale + "/room/resume").status());
        String ticket = RoomSales.take(api, roomSale, "audit-buyer-" + run).json().getString("ticket");
        Api.Answer revoked = api.adminPostEmpty("api/admin/sales/" + roomSale + "/room/tickets/" + ticket + "/revoke");
        assertTrue(revoked.status() / 100 == 2, revoked.toString());

        // Webhooks: a URL with a user name and password is refused; one with a token is created,
        // changed to another token and secret, a delivery sent again, then deleted.
        Api.Answer withUser = api.adminPost("api/admin/webhooks",
                Webhooks.body("https://user:pass" + run + "@shop.example/hook", null, "reservation.cancelled"));
        assertEquals(400, withUser.status(), withUser.toString());
        Api.Answer hook = api.adminPost("api/admin/webhooks", Webhooks.body("https://shop.example/hook?token=" + token, hookSecret,
                "reservation.cancelled"));
        assertEquals(201, hook.status(), hook.toString());
        String hookId = hook.json().getJsonObject("webhook").getString("id");
        Api.Answer changed = api.adminPut("api/admin/webhooks/" + hookId, Webhooks.body("https://shop.example/hook?token="
                + otherToken, newHookSecret, "reservation.cancelled"));
        assertEquals(200, changed.status(), changed.toString());

        // A reservation cancelled by an administrator (its event: the webhook's delivery), a counter rebuilt.
        String sku = Sales.openSku(api, 5, 1, 600, "REFUSE");
        Api.Answer held = api.reserve("audit-" + run, sku, "audit-buyer-" + run, 1);
        assertEquals(201, held.status(), held.toString());
        assertEquals(200, api.adminPostEmpty("api/admin/reservations/" + held.json().getString("id") + "/cancel").status());
        api.rebuildCounter(sku);
        assertEquals(1, Db.update("UPDATE webhook_delivery SET status = 'FAILED' WHERE webhook_id = ?::uuid", hookId));
        String delivery = Db.text("SELECT id FROM webhook_delivery WHERE webhook_id = ?::uuid", hookId);
        assertEquals(204, api.adminPostEmpty("api/admin/webhooks/deliveries/" + delivery + "/send-again").status());
        Webhooks.delete(api, hookId);
        Api.Answer reconciled = api.adminPostEmpty("api/admin/reconciliation/run");
        assertTrue(reconciled.status() / 100 == 2, reconciled.toString());

        // A storefront key issued and revoked; users added, disabled, enabled, reset, a role changed, and one's own password changed.
        Api.Answer issued = api.adminPost("api/admin/api-keys", "{\"name\":\"audit-kiosk-" + run + "\"}");
        assertEquals(201, issued.status(), issued.toString());
        String storefrontKey = issued.json().getString("key");
        assertTrue(api.adminPostEmpty("api/admin/api-keys/" + issued.json().getString("id") + "/revoke").status() / 100 == 2);

        String user = "audit-user-" + run;
        assertEquals(201, api.adminPost("api/admin/users", account(user, firstPassword, "merchandiser")).status());
        assertEquals(201, api.adminPost("api/admin/users", account(viewer, viewerPassword, "viewer")).status());
        assertEquals(200, api.adminPost("api/admin/users/" + user + "/disable", "{}").status());
        assertEquals(200, api.adminPost("api/admin/users/" + user + "/enable", "{}").status());
        assertEquals(204, api.adminPost("api/admin/users/" + user + "/password", "{\"password\":\"" + resetPassword + "\"}").status());
        assertEquals(200, api.adminPut("api/admin/users/" + user + "/role", "{\"role\":\"viewer\"}").status());
        Api.Answer own = api.post("api/admin/me/password", Json.createObjectBuilder().add("currentPassword", resetPassword)
                .add("newPassword", ownPassword).build().toString(), "Authorization", Api.basic(user, resetPassword),
                "X-Requested-By", "flashsale-tests");
        assertEquals(204, own.status(), own.toString());

        Api.Answer trail = api.get("api/admin/audit?limit=500", "Authorization", Api.basic(viewer, viewerPassword));
        assertEquals(200, trail.status(), trail.toString());
        Set<String> recorded = trail.jsonArray().getValuesAs(JsonObject.class).stream()
                .map(event -> event.getString("action")).collect(Collectors.toCollection(TreeSet::new));
        assertEquals(List.of(), Arrays.stream(AuditAction.values()).map(AuditAction::storedName)
                .filter(action -> !recorded.contains(action)).toList(), "every audited action was performed and recorded");
        for (String secret : List.of(token, otherToken, "pass" + run, hookSecret, hookSecret.substring(12),
                newHookSecret, newHookSecret.substring(12), firstPassword, resetPassword, ownPassword, viewerPassword,
                storefrontKey, storefrontKey.substring(12), ticket)) {
            assertFalse(trail.body().contains(secret), "the audit trail shows a secret: " + secret);
        }
        assertTrue(trail.body().contains("https://shop.example/hook?token=…"), "what changed is still there");
    }

    private static String saleBody(String sku, String name) {
        return Json.createObjectBuilder().add("name", name).add("holdSeconds", 600).add("maxPerOrder", 1)
                .add("latePayment", "REFUSE").add("items", Json.createArrayBuilder().add(Json.createObjectBuilder()
                        .add("sku", sku).add("units", 3))).build().toString();
    }

    private static String account(String username, String password, String role) {
        return Json.createObjectBuilder().add("username", username).add("password", password).add("role", role).build().toString();
    }
}
