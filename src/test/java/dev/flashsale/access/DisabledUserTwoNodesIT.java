package dev.flashsale.access;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.flashsale.testsupport.Api;
import dev.flashsale.testsupport.ConsoleSession;
import dev.flashsale.testsupport.SecondNode;
import dev.flashsale.testsupport.TestServer;
import java.time.Duration;
import java.util.UUID;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * A user disabled on one node is refused on the other within its refresh
 * (flashsale.admin.account-refresh-ms, 5 s): its admin API calls, though the other node remembers its
 * password as checked, and its console session open there. Runs with the faults group's other
 * two-node classes, on the suite's second node, before the fault classes ({@code @Order(-1)}).
 */
@Order(-1)
@Tag("faults")
class DisabledUserTwoNodesIT {

    /** flashsale.admin.account-refresh-ms; the waits allow twice as long, for the second node's read and a poll. */
    private static final Duration REFRESH = Duration.ofSeconds(5);

    @Test
    void aUserDisabledOnOneNodeIsRefusedOnTheOtherWithinTheRefresh() {
        Api first = new Api(TestServer.url()).withStorefrontKey(null);
        Api second = new Api(SecondNode.proxied().base()).withStorefrontKey(null);
        String user = "two-nodes-" + UUID.randomUUID().toString().substring(0, 8);
        String password = "password-of-" + user;
        assertEquals(201, first.adminPost("api/admin/users", "{\"username\":\"" + user + "\",\"password\":\"" + password
                + "\",\"role\":\"viewer\"}").status());
        String basic = Api.basic(user, password);
        await("the second node knows the new user").atMost(REFRESH.multipliedBy(2)).pollInterval(Duration.ofMillis(200))
                .until(() -> second.get("api/admin/sales", "Authorization", basic).status() == 200);
        ConsoleSession console = new ConsoleSession(second.base()).login(user, password);
        assertEquals(200, console.get("console/sales.xhtml").status());

        assertEquals(200, first.adminPost("api/admin/users/" + user + "/disable", "{}").status());
        await("the second node refuses the disabled user").atMost(REFRESH.multipliedBy(2)).pollInterval(Duration.ofMillis(200))
                .until(() -> second.get("api/admin/sales", "Authorization", basic).status() == 401);
        await("its console session on the second node ends").atMost(REFRESH).pollInterval(Duration.ofMillis(200))
                .until(() -> console.get("console/sales.xhtml").sendsToLogin());
    }
}
