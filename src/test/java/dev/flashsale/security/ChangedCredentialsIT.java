package dev.flashsale.security;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.flashsale.testsupport.Accounts;
import dev.flashsale.testsupport.Api;
import dev.flashsale.testsupport.ConsoleSession;
import dev.flashsale.testsupport.Db;
import dev.flashsale.testsupport.TestServer;
import java.time.Duration;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;

/**
 * Changed credentials end the console sessions made with the old ones: an administrator's password
 * reset, a role change and a disable end every session of the user; the user's own password change
 * ends every session but the one it was made from (over the admin API, every one). A session ended
 * is sent to the login page at its next page or AJAX post, so that the dashboard's poll cannot keep
 * it alive; a new login with the new password works; the audit trail says which sessions ended and
 * why. The tests run side by side, each with users of its own.
 */
@Tag("security")
class ChangedCredentialsIT {

    /**
     * flashsale.admin.account-refresh-ms bounds another node; the node that made the change (the
     * tests' server, here) knows it at once, so a wait for a session to end is only as long as its
     * requests take, which a machine busy with other classes may stretch past the refresh.
     */
    private static final Duration ENDED_WITHIN = Duration.ofSeconds(30);

    private final Api api = new Api(TestServer.url()).withStorefrontKey(null);

    @Execution(ExecutionMode.CONCURRENT)
    @Test
    void aPasswordResetEndsTheUsersSessionsAndTheDashboardsPollCannotKeepThemAlive() {
        String user = Accounts.add(api, "viewer");
        ConsoleSession pages = new ConsoleSession(api.base()).login(user, Accounts.password(user));
        ConsoleSession polling = new ConsoleSession(api.base()).login(user, Accounts.password(user));
        String dashboard = "console/dashboard.xhtml?id=" + UUID.randomUUID();
        ConsoleSession.Page opened = polling.get(dashboard);
        assertEquals(200, opened.status(), opened.toString());
        assertTrue(poll(polling, dashboard, opened).updates(), "the poll of a live session updates the page");

        assertEquals(204, api.adminPost("api/admin/users/" + user + "/password", "{\"password\":\"reset-by-the-administrator\"}").status());
        await("the poll sent to the login page").atMost(ENDED_WITHIN).pollInterval(Duration.ofMillis(200))
                .until(() -> poll(polling, dashboard, opened).redirectsToLogin());
        assertTrue(polling.get("console/sales.xhtml").sendsToLogin(), "the polled session ended, not only its poll refused");
        await("the other session sent to the login page").atMost(ENDED_WITHIN).pollInterval(Duration.ofMillis(200))
                .until(() -> pages.get("console/sales.xhtml").sendsToLogin());
        assertEquals(200, new ConsoleSession(api.base()).login(user, "reset-by-the-administrator").get("console/sales.xhtml").status(),
                "a login with the new password");
        assertSessionsEnded(user, Api.ADMIN_USER, "password-reset");
    }

    @Execution(ExecutionMode.CONCURRENT)
    @Test
    void anOwnPasswordChangeKeepsTheSessionItWasMadeFromAndEndsTheOthers() {
        String user = Accounts.add(api, "merchandiser");
        ConsoleSession mine = new ConsoleSession(api.base()).login(user, Accounts.password(user));
        ConsoleSession other = new ConsoleSession(api.base()).login(user, Accounts.password(user));
        ConsoleSession.Page account = mine.get("console/account.xhtml");
        assertEquals(200, account.status(), account.toString());

        ConsoleSession.Page changed = mine.ajax("console/account.xhtml", account, "accountForm", "accountForm:change", "accountForm",
                Map.of("accountForm:currentPassword", Accounts.password(user), "accountForm:newPassword", "changed-in-the-console"));
        assertTrue(changed.updates() && changed.body().contains("Password changed"), changed.body());
        await("the other session sent to the login page").atMost(ENDED_WITHIN).pollInterval(Duration.ofMillis(200))
                .until(() -> other.get("console/sales.xhtml").sendsToLogin());
        assertEquals(200, mine.get("console/sales.xhtml").status(), "the session the change was made from stays");
        assertSessionsEnded(user, user, "password-change");

        Api.Answer overTheApi = api.post("api/admin/me/password", "{\"currentPassword\":\"changed-in-the-console\","
                + "\"newPassword\":\"changed-over-the-admin-api\"}", "Authorization", Api.basic(user, "changed-in-the-console"));
        assertEquals(204, overTheApi.status(), overTheApi.toString());
        await("a change over the admin API ends every console session").atMost(ENDED_WITHIN).pollInterval(Duration.ofMillis(200))
                .until(() -> mine.get("console/sales.xhtml").sendsToLogin());
        assertEquals(200, new ConsoleSession(api.base()).login(user, "changed-over-the-admin-api").get("console/sales.xhtml").status());
    }

    @Execution(ExecutionMode.CONCURRENT)
    @Test
    void aRoleChangeEndsTheUsersSessionsAndItsRememberedPassword() {
        String user = Accounts.add(api, "administrator");
        String basic = Api.basic(user, Accounts.password(user));
        assertEquals(200, api.get("api/admin/webhooks", "Authorization", basic).status(), "remembered as checked, as an administrator");
        ConsoleSession console = new ConsoleSession(api.base()).login(user, Accounts.password(user));
        assertEquals(200, console.get("console/webhooks.xhtml").status());

        Api.Answer unknownRole = api.adminPut("api/admin/users/" + user + "/role", "{\"role\":\"owner\"}");
        assertEquals(400, unknownRole.status(), unknownRole.toString());
        assertEquals("invalid-request", unknownRole.problemType());
        assertEquals(404, api.adminPut("api/admin/users/no-such-" + user + "/role", "{\"role\":\"merchandiser\"}").status());
        assertEquals("administrator", Db.text("SELECT role FROM app_user WHERE username = ?", user), "unchanged");
        assertEquals(200, console.get("console/webhooks.xhtml").status(), "a refused change ends nothing");

        Api.Answer demoted = api.adminPut("api/admin/users/" + user + "/role", "{\"role\":\"merchandiser\"}");
        assertEquals(200, demoted.status(), demoted.toString());
        assertEquals("merchandiser", demoted.json().getString("role"));
        await("the session sent to the login page").atMost(ENDED_WITHIN).pollInterval(Duration.ofMillis(200))
                .until(() -> console.get("console/webhooks.xhtml").sendsToLogin());
        assertEquals(403, api.get("api/admin/webhooks", "Authorization", basic).status(), "the password remembered with the old role");
        ConsoleSession again = new ConsoleSession(api.base()).login(user, Accounts.password(user));
        assertEquals(200, again.get("console/sales.xhtml").status(), "a new login, as a merchandiser");
        assertEquals(403, again.get("console/webhooks.xhtml").status());
        assertSessionsEnded(user, Api.ADMIN_USER, "role-change");
        assertEquals(1, Db.scalar("SELECT count(*) FROM audit_event WHERE target = ? AND action = 'user.role-change' AND detail = ?",
                "user:" + user, "role=merchandiser"));

        assertEquals(200, api.adminPut("api/admin/users/" + user + "/role", "{\"role\":\"merchandiser\"}").status(), "the same role");
        assertEquals(200, again.get("console/sales.xhtml").status(), "changes nothing, ends nothing");
        assertSessionsEnded(user, Api.ADMIN_USER, "role-change");
    }

    @Execution(ExecutionMode.CONCURRENT)
    @Test
    void anAdministratorCannotChangeTheirOwnRole() {
        String admin = Accounts.add(api, "administrator");
        Api.Answer own = api.put("api/admin/users/" + admin + "/role", "{\"role\":\"viewer\"}", "Authorization",
                Api.basic(admin, Accounts.password(admin)));
        assertEquals(409, own.status(), own.toString());
        assertEquals("own-account", own.problemType());
        assertEquals("administrator", Db.text("SELECT role FROM app_user WHERE username = ?", admin));
    }

    @Execution(ExecutionMode.CONCURRENT)
    @Test
    void aSessionEndedByADisableStaysEndedWhenTheUserIsEnabledAgain() {
        String user = Accounts.add(api, "viewer");
        ConsoleSession console = new ConsoleSession(api.base()).login(user, Accounts.password(user));
        assertEquals(200, console.get("console/sales.xhtml").status());

        assertEquals(200, api.adminPost("api/admin/users/" + user + "/disable", "{}").status());
        assertEquals(200, api.adminPost("api/admin/users/" + user + "/enable", "{}").status());
        assertTrue(console.get("console/sales.xhtml").sendsToLogin(), "the session made before the disable");
        assertEquals(200, new ConsoleSession(api.base()).login(user, Accounts.password(user)).get("console/sales.xhtml").status(),
                "a new login once enabled again");
        assertSessionsEnded(user, Api.ADMIN_USER, "disable");
    }

    private static ConsoleSession.Page poll(ConsoleSession console, String dashboard, ConsoleSession.Page opened) {
        return console.ajax(dashboard, opened, "dashboardForm", "dashboardForm:poll", "dashboardForm:poll", Map.of());
    }

    /** One audit event that the user's sessions ended, by the actor and for the reason; no secret in it. */
    private static void assertSessionsEnded(String user, String actor, String reason) {
        assertEquals(1, Db.scalar("SELECT count(*) FROM audit_event WHERE target = ? AND action = 'user.sessions-ended' AND actor = ?"
                + " AND detail = ?", "user:" + user, actor, "reason=" + reason));
        assertFalse(Db.texts("SELECT detail FROM audit_event WHERE target = ?", "user:" + user).stream()
                .anyMatch(detail -> detail.contains("password-of") || detail.contains("changed-") || detail.contains("reset-by")));
    }
}
