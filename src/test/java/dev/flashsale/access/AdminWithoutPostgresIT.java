package dev.flashsale.access;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertAll;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.flashsale.testsupport.Accounts;
import dev.flashsale.testsupport.Api;
import dev.flashsale.testsupport.ConsoleSession;
import dev.flashsale.testsupport.Db;
import dev.flashsale.testsupport.FaultProxy;
import dev.flashsale.testsupport.SecondNode;
import dev.flashsale.testsupport.TestServer;
import java.net.URI;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.function.Executable;
import org.junit.jupiter.api.parallel.Isolated;

/**
 * The admin API on a node whose PostgreSQL is away (its connections cut and every new one refused,
 * through the second node's proxy): any call of a user the node has not checked yet, and an
 * administrator's reads and changes, are each answered 503 {@code service-unavailable} with
 * Retry-After, never 500, and change nothing; a console page that reads the database asks to try
 * again, with no incident; once PostgreSQL is back, the same calls are answered as usual.
 */
@Tag("faults")
@Isolated("stops, pauses, slows or kills PostgreSQL, Redis or the second node, which every class shares")
class AdminWithoutPostgresIT {

    @Test
    void adminCallsAnswer503WithRetryAfterWhilePostgresIsAway() {
        Api shared = new Api(TestServer.url());
        String viewer = Accounts.add(shared, "viewer");
        String stranger = Accounts.add(shared, "viewer");
        String merchandiser = Accounts.add(shared, "merchandiser");
        FaultProxy postgres = SecondNode.postgres();
        Api second = new Api(SecondNode.proxied().base());
        String asViewer = Api.basic(viewer, Accounts.password(viewer));
        String asStranger = Api.basic(stranger, Accounts.password(stranger));
        String asAdmin = Api.basic(Api.ADMIN_USER, Api.ADMIN_PASSWORD);
        String webhook = "{\"url\":\"https://hooks.example.com/flashsale\",\"events\":[\"reservation.confirmed\"]}";
        ConsoleSession console = new ConsoleSession(URI.create(SecondNode.proxied().base().toString())).login(viewer, Accounts.password(viewer));
        List<Api.Answer> answers = new ArrayList<>();
        ConsoleSession.Page sales;
        Api.Answer refusedRole;
        try {
            postgres.accept(false);
            sales = console.get("console/sales.xhtml");
            answers.add(second.get("api/admin/sales", "Authorization", asStranger));
            answers.add(second.post("api/admin/webhooks", webhook, "Authorization", asStranger));
            answers.add(second.get("api/admin/sales", "Authorization", asViewer));
            refusedRole = second.post("api/admin/webhooks", webhook, "Authorization", asViewer);
            answers.add(second.put("api/admin/users/" + merchandiser + "/role", "{\"role\":\"viewer\"}", "Authorization", asAdmin));
            answers.add(second.post("api/admin/webhooks", webhook, "Authorization", asAdmin));
        } finally {
            postgres.accept(true);
        }
        List<Executable> checks = new ArrayList<>();
        for (Api.Answer answer : answers) {
            checks.add(() -> assertEquals(503, answer.status(), answer.toString()));
            checks.add(() -> assertEquals("service-unavailable", answer.problemType(), answer.toString()));
            checks.add(() -> assertNotNull(answer.header("Retry-After"), answer.toString()));
            checks.add(() -> assertFalse(answer.body().contains("Idempotency-Key"), "no admin call takes one: " + answer));
        }
        // A user this node knows from its last read of the users is refused by role without the database (403); one
        // added since is looked up in the table, which is away (503). Either way never a 500, and nothing stored.
        checks.add(() -> assertTrue(refusedRole.status() == 403
                || refusedRole.status() == 503 && refusedRole.header("Retry-After") != null, refusedRole.toString()));
        checks.add(() -> assertTrue(sales.body().contains("The database is not answering right now; try again in a moment."),
                "the console's sales page: " + sales));
        checks.add(() -> assertFalse(sales.body().contains("Incident"), "the console's sales page: " + sales));
        assertAll(checks);
        assertEquals("merchandiser", Db.text("SELECT role FROM app_user WHERE username = ?", merchandiser), "nothing changed");
        assertEquals(0, Db.scalar("SELECT count(*) FROM webhook WHERE url = 'https://hooks.example.com/flashsale'"), "no webhook stored");

        await("the admin API answers once PostgreSQL is back").atMost(Duration.ofSeconds(30)).pollInterval(Duration.ofMillis(200))
                .until(() -> second.get("api/admin/sales", "Authorization", asViewer).status() == 200);
        assertEquals(403, second.post("api/admin/webhooks", webhook, "Authorization", asViewer).status());
        assertEquals(200, second.put("api/admin/users/" + merchandiser + "/role", "{\"role\":\"viewer\"}", "Authorization", asAdmin).status());
    }
}
