package dev.flashsale.access;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.flashsale.testsupport.Api;
import dev.flashsale.testsupport.ConsoleSession;
import dev.flashsale.testsupport.SecondNode;
import dev.flashsale.testsupport.TestServer;
import java.time.Duration;
import java.util.UUID;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.parallel.Isolated;

/**
 * A user disabled on one node is refused on the other within its refresh
 * (flashsale.admin.account-refresh-ms, 5 s): its admin API calls, though the other node remembers its
 * password as checked, and its console session open there; a password reset on one node ends the
 * user's console session open on the other in the same time.
 */
@Tag("faults")
@Isolated("stops, pauses, slows or kills PostgreSQL, Redis or the second node, which every class shares")
class DisabledUserTwoNodesIT {

    /** flashsale.admin.account-refresh-ms; the waits allow twice as long, for the second node's read and a poll. */
    private static final Duration REFRESH = Duration.ofSeconds(5);

    private final Api first = new Api(TestServer.url()).withStorefrontKey(null);
    private final Api second = new Api(SecondNode.proxied().base()).withStorefrontKey(null);

    @Test
    void aUserDisabledOnOneNodeIsRefusedOnTheOtherWithinTheRefresh() {
        String user = userKnownOnTheSecondNode();
        String basic = Api.basic(user, password(user));
        ConsoleSession console = new ConsoleSession(second.base()).login(user, password(user));
        assertEquals(200, console.get("console/sales.xhtml").status());

        assertEquals(200, first.adminPost("api/admin/users/" + user + "/disable", "{}").status());
        await("the second node refuses the disabled user").atMost(REFRESH.multipliedBy(2)).pollInterval(Duration.ofMillis(200))
                .until(() -> second.get("api/admin/sales", "Authorization", basic).status() == 401);
        await("its console session on the second node ends").atMost(REFRESH).pollInterval(Duration.ofMillis(200))
                .until(() -> console.get("console/sales.xhtml").sendsToLogin());
    }

    @Test
    void aPasswordResetOnOneNodeEndsTheUsersConsoleSessionOnTheOtherWithinTheRefresh() {
        String user = userKnownOnTheSecondNode();
        ConsoleSession console = new ConsoleSession(second.base()).login(user, password(user));
        assertEquals(200, console.get("console/sales.xhtml").status());

        assertEquals(204, first.adminPost("api/admin/users/" + user + "/password", "{\"password\":\"reset-on-the-first-node\"}").status());
        await("its console session on the second node ends").atMost(REFRESH.multipliedBy(2)).pollInterval(Duration.ofMillis(200))
                .until(() -> console.get("console/sales.xhtml").sendsToLogin());
        assertEquals(200, new ConsoleSession(second.base()).login(user, "reset-on-the-first-node").get("console/sales.xhtml").status(),
                "a login with the new password on the second node");
    }

    /** A viewer added on the first node, once the second lets its Basic credentials in. */
    private String userKnownOnTheSecondNode() {
        String user = "two-nodes-" + UUID.randomUUID().toString().substring(0, 8);
        assertEquals(201, first.adminPost("api/admin/users", "{\"username\":\"" + user + "\",\"password\":\"" + password(user)
                + "\",\"role\":\"viewer\"}").status());
        String basic = Api.basic(user, password(user));
        await("the second node knows the new user").atMost(REFRESH.multipliedBy(2)).pollInterval(Duration.ofMillis(200))
                .until(() -> second.get("api/admin/sales", "Authorization", basic).status() == 200);
        return user;
    }

    private static String password(String user) {
        return "password-of-" + user;
    }
}
