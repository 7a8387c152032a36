package dev.flashsale.console;

import dev.flashsale.testsupport.Api;
import dev.flashsale.testsupport.Sales;
import dev.flashsale.testsupport.TestRedis;
import dev.flashsale.testsupport.TestServer;
import dev.flashsale.testsupport.browser.Browser;
import java.net.URL;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.parallel.Isolated;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The console's login form in headless Chromium, refusing as the admin API does: a wrong password,
 * and a user with too many failed logins even with the right one. Alone, unlike the rest of the
 * console's tests ({@link ConsoleIT}, {@link ConsoleAdminIT}): a browser cannot log in from an
 * address of its own, so these failures are the tests' own address's, which the other classes'
 * logins share.
 */
@Tag("browser")
@Isolated("spends failed logins of the tests' own address")
class ConsoleLoginIT {

    @BeforeAll
    @AfterAll
    static void theTestsAddressHasItsFailedLoginsBack() {
        TestRedis.forgetFailedLoginsOfTheTests();
    }

    private final URL base = TestServer.url();

    @Test
    void aWrongPasswordIsRefusedAtTheLoginFormAndAtTheAdminApi() {
        Api api = new Api(base);
        Api.Answer wrong = api.get("api/admin/sales", "Authorization", Api.basic(Api.ADMIN_USER, "not-the-password"));
        assertEquals(401, wrong.status());
        assertTrue(wrong.body().contains("Wrong user or password"), wrong.body());
        try (Browser browser = Browser.of(api.base())) {
            browser.login(Api.ADMIN_USER, "not-the-password").awaitBodyContains("Wrong user or password");
            assertTrue(browser.currentUrl().contains("login.xhtml"), browser.currentUrl());
            browser.login("nobody-" + Sales.uniqueSku("n"), "whatever-password").awaitBodyContains("Wrong user or password");
            browser.open("console/sales.xhtml").awaitPresent("login:username");

            browser.login(Api.ADMIN_USER, Api.ADMIN_PASSWORD).awaitPresent("userForm:whoami");
            browser.click("userForm:logout").awaitPresent("loggedOut");
            browser.open("console/sales.xhtml").awaitPresent("login:username");
        }
    }

    /**
     * The failures were counted in Redis (as other nodes would): the form refuses before checking the
     * password, from an address that failed lately too (the tests' own; one with none is let through
     * to the password check, so that guessers cannot lock the owner out: LoginLockoutIT).
     */
    @Test
    void aUserWithTooManyFailedLoginsIsRefusedAtTheFormAndTheAdminApiEvenWithTheRightPassword() {
        Api api = new Api(base);
        String user = "locked-" + Sales.uniqueSku("l").toLowerCase();
        assertEquals(201, api.adminPost("api/admin/users", "{\"username\":\"" + user
                + "\",\"password\":\"locked-password-1\",\"role\":\"viewer\"}").status());
        TestRedis.countFailedLogins(user, 31);
        // Five of the address's ten (as the server may see the tests' own): it failed lately for half a
        // minute, and is not refused by its own limit.
        for (String address : TestRedis.OWN_ADDRESSES) {
            TestRedis.countFailedLoginsFrom(address, 5);
        }

        Api.Answer refused = api.get("api/admin/sales", "Authorization", Api.basic(user, "locked-password-1"));
        assertEquals(429, refused.status(), refused.toString());
        assertEquals("too-many-failed-logins", refused.problemType());
        assertTrue(Long.parseLong(refused.header("Retry-After")) >= 1, refused.header("Retry-After"));
        try (Browser browser = Browser.of(api.base())) {
            browser.login(user, "locked-password-1").awaitBodyContains("Too many failed logins");
            assertTrue(browser.currentUrl().contains("login.xhtml"), browser.currentUrl());
        }
    }
}
