package dev.flashsale.security;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.flashsale.testsupport.Accounts;
import dev.flashsale.testsupport.Api;
import dev.flashsale.testsupport.ConsoleSession;
import dev.flashsale.testsupport.Db;
import dev.flashsale.testsupport.TestRedis;
import dev.flashsale.testsupport.TestServer;
import java.security.SecureRandom;
import java.util.Base64;
import java.util.List;
import javax.crypto.SecretKeyFactory;
import javax.crypto.spec.PBEKeySpec;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.parallel.Isolated;

/**
 * Accounts an operator can run: an administrator disables a user (refused at its next request, in
 * the admin API and in a console session already open) and enables it again, resets a password
 * (the old one refused), but cannot disable themselves; every user changes their own password with
 * the current one. Each change is audited; a refused one changes nothing. A password is hashed
 * with the iterations configured, and a stored hash of other iterations still verifies.
 */
@Tag("security")
@Isolated("spends failed logins of the tests' own address")
class AccountAdministrationIT {

    @BeforeAll
    @AfterAll
    static void theTestsAddressHasItsFailedLoginsBack() {
        TestRedis.forgetFailedLoginsOfTheTests();
    }

    private final Api api = new Api(TestServer.url()).withStorefrontKey(null);

    @Test
    void aDisabledUserIsRefusedAtItsNextRequestInTheApiAndTheConsoleUntilEnabledAgain() {
        String user = Accounts.add(api, "merchandiser");
        String basic = Api.basic(user, Accounts.password(user));
        assertEquals(200, api.get("api/admin/sales", "Authorization", basic).status(), "remembered as checked");
        ConsoleSession console = new ConsoleSession(api.base()).login(user, Accounts.password(user));
        assertEquals(200, console.get("console/sales.xhtml").status());

        Api.Answer disabled = api.adminPost("api/admin/users/" + user + "/disable", "{}");
        assertEquals(200, disabled.status(), disabled.toString());
        assertFalse(disabled.json().getBoolean("enabled"));
        Api.Answer refused = api.get("api/admin/sales", "Authorization", basic);
        assertEquals(401, refused.status(), "the next call of a disabled user: " + refused);
        assertTrue(console.get("console/sales.xhtml").sendsToLogin(), "its console session ended");
        assertTrue(console.get("console/sales.xhtml").sendsToLogin(), "and stays ended");
        assertEquals(200, api.adminPost("api/admin/users/" + user + "/disable", "{}").status(), "disabled once");

        assertTrue(api.adminPost("api/admin/users/" + user + "/enable", "{}").json().getBoolean("enabled"));
        assertEquals(200, api.get("api/admin/sales", "Authorization", basic).status(), "enabled again");
        assertEquals(List.of("user.add", "user.disable", "user.sessions-ended", "user.enable"), Db.texts(
                "SELECT action FROM audit_event WHERE target = ? AND actor = ? ORDER BY id", "user:" + user, Api.ADMIN_USER));
        assertEquals(404, api.adminPost("api/admin/users/no-such-" + user + "/disable", "{}").status());
    }

    @Test
    void anAdministratorCannotDisableThemselves() {
        assertEquals("administrator", Db.text("SELECT role FROM app_user WHERE username = ?", Api.ADMIN_USER),
                "the configured first user is an administrator");
        String admin = Accounts.add(api, "administrator");
        Api.Answer own = api.post("api/admin/users/" + admin + "/disable", "{}", "Authorization", Api.basic(admin, Accounts.password(admin)));
        assertEquals(409, own.status(), own.toString());
        assertTrue(own.isProblem());
        assertEquals("own-account", own.problemType());
        assertEquals("true", Db.text("SELECT enabled::text FROM app_user WHERE username = ?", admin));
        assertEquals(0, Db.scalar("SELECT count(*) FROM audit_event WHERE target = ? AND action = 'user.disable'", "user:" + admin));
    }

    @Test
    void aResetPasswordEndsTheOldOne() {
        String user = Accounts.add(api, "viewer");
        String old = Api.basic(user, Accounts.password(user));
        assertEquals(200, api.get("api/admin/me", "Authorization", old).status());
        String hash = Db.text("SELECT password_hash FROM app_user WHERE username = ?", user);

        Api.Answer tooShort = api.adminPost("api/admin/users/" + user + "/password", "{\"password\":\"short\"}");
        assertEquals(400, tooShort.status(), tooShort.toString());
        assertEquals("invalid-request", tooShort.problemType());
        assertEquals(hash, Db.text("SELECT password_hash FROM app_user WHERE username = ?", user), "unchanged");
        assertEquals(404, api.adminPost("api/admin/users/no-such-" + user + "/password",
                "{\"password\":\"a-long-enough-password\"}").status());

        assertEquals(204, api.adminPost("api/admin/users/" + user + "/password",
                "{\"password\":\"reset-by-the-administrator\"}").status());
        assertEquals(401, api.get("api/admin/me", "Authorization", old).status(), "the old password, remembered as checked");
        Api.Answer me = api.get("api/admin/me", "Authorization", Api.basic(user, "reset-by-the-administrator"));
        assertEquals(200, me.status(), me.toString());
        assertEquals(user, me.json().getString("username"));
        assertEquals("viewer", me.json().getString("role"));
        assertEquals(1, Db.scalar("SELECT count(*) FROM audit_event WHERE target = ? AND action = 'user.password-reset' AND actor = ?",
                "user:" + user, Api.ADMIN_USER));
    }

    @Test
    void everyUserChangesTheirOwnPasswordWithTheCurrentOne() {
        String user = Accounts.add(api, "viewer");
        String basic = Api.basic(user, Accounts.password(user));
        String hash = Db.text("SELECT password_hash FROM app_user WHERE username = ?", user);

        Api.Answer wrong = api.post("api/admin/me/password", "{\"currentPassword\":\"not-the-current-one\","
                + "\"newPassword\":\"my-own-new-password\"}", "Authorization", basic);
        assertEquals(400, wrong.status(), wrong.toString());
        assertEquals("wrong-current-password", wrong.problemType());
        Api.Answer tooShort = api.post("api/admin/me/password", "{\"currentPassword\":\"" + Accounts.password(user) + "\","
                + "\"newPassword\":\"short\"}", "Authorization", basic);
        assertEquals(400, tooShort.status(), tooShort.toString());
        assertEquals("invalid-request", tooShort.problemType());
        Api.Answer noBody = api.post("api/admin/me/password", "not json", "Authorization", basic);
        assertEquals(400, noBody.status(), noBody.toString());
        assertTrue(noBody.isProblem(), noBody.toString());
        assertEquals(hash, Db.text("SELECT password_hash FROM app_user WHERE username = ?", user), "unchanged");

        assertEquals(204, api.post("api/admin/me/password", "{\"currentPassword\":\"" + Accounts.password(user) + "\","
                + "\"newPassword\":\"my-own-new-password\"}", "Authorization", basic).status());
        assertEquals(401, api.get("api/admin/me", "Authorization", basic).status(), "the old password");
        assertEquals(200, api.get("api/admin/me", "Authorization", Api.basic(user, "my-own-new-password")).status());
        assertEquals(1, Db.scalar("SELECT count(*) FROM audit_event WHERE target = ? AND action = 'user.password-change' AND actor = ?",
                "user:" + user, user));
    }

    /**
     * A password is hashed with the iterations configured (the tests' server: the least the product
     * takes), and a hash stored with other iterations (the product's default, as a database from
     * before a change of the setting holds) still lets its user in: a stored hash names its own.
     */
    @Test
    void aPasswordIsHashedWithTheConfiguredIterationsAndAHashOfOthersStillVerifies() throws Exception {
        String user = Accounts.add(api, "viewer");
        String hash = Db.text("SELECT password_hash FROM app_user WHERE username = ?", user);
        assertTrue(hash.startsWith("PBKDF2WithHmacSHA256:" + TestServer.PASSWORD_ITERATIONS + ":"), hash);

        byte[] salt = new byte[32];
        new SecureRandom().nextBytes(salt);
        byte[] derived = SecretKeyFactory.getInstance("PBKDF2WithHmacSHA256")
                .generateSecret(new PBEKeySpec("hashed-with-the-default".toCharArray(), salt, 210_000, 256)).getEncoded();
        Db.update("UPDATE app_user SET password_hash = ? WHERE username = ?", "PBKDF2WithHmacSHA256:210000:"
                + Base64.getEncoder().encodeToString(salt) + ":" + Base64.getEncoder().encodeToString(derived), user);
        Api.Answer me = api.get("api/admin/me", "Authorization", Api.basic(user, "hashed-with-the-default"));
        assertEquals(200, me.status(), me.toString());
    }
}
