package dev.flashsale.webhooks;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.flashsale.testsupport.Api;
import dev.flashsale.testsupport.Db;
import dev.flashsale.testsupport.TestServer;
import dev.flashsale.testsupport.Webhooks;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * Old events forgotten while their webhooks are deleted: the prune and a deletion both remove
 * deliveries, and both lock them first in the order of their ids, so neither holds one while
 * waiting for one the other holds. The prune's cascade alone took them event by event, in the
 * events' order, and a deletion takes its webhook's in the order of their ids: PostgreSQL broke
 * the two's wait with 40P01, the admin API answering 503 or the prune failing.
 *
 * <p>Each round registers four webhooks, writes 300 events older than the server keeps
 * ({@code flashsale.webhooks.kept-hours}, 168 h at the default), each delivered to all four, then
 * deletes the four through the admin API while the prune runs on a connection of the test's own,
 * the statement of {@code db/webhooks/prune_outbox.sql} as the sender runs it. Its events are the
 * only ones that old, whatever else the other classes write meanwhile.
 */
@Tag("core")
class WebhookPruningIT {

    private static final int ROUNDS = 8;
    private static final int WEBHOOKS = 4;
    private static final int EVENTS = 300;
    private static final int KEPT_HOURS = 168;

    private final Api api = new Api(TestServer.url());

    @Test
    void oldEventsForgottenAsTheirWebhooksAreDeletedDeadlockNothing() throws Exception {
        String prune = statement("db/webhooks/prune_outbox.sql")
                .replace(":keptHours", Integer.toString(KEPT_HOURS)).replace(":batch", Integer.toString(EVENTS * ROUNDS));
        List<String> failures = new ArrayList<>();
        List<String> registered = new ArrayList<>();
        ExecutorService threads = Executors.newFixedThreadPool(WEBHOOKS + 1);
        try {
            for (int round = 0; round < ROUNDS; round++) {
                List<String> hooks = new ArrayList<>();
                for (int i = 0; i < WEBHOOKS; i++) {
                    hooks.add(Webhooks.register(api, "http://127.0.0.1:9/pruned", "reservation.cancelled").id());
                }
                registered.addAll(hooks);
                Db.update("WITH events AS (INSERT INTO outbox (id, type, body, created_at) SELECT gen_random_uuid(),"
                        + " 'reservation.cancelled', '{}', now() - interval '200 hours' - g * interval '1 second'"
                        + " FROM generate_series(1, " + EVENTS + ") g RETURNING id)"
                        + " INSERT INTO webhook_delivery (id, outbox_id, webhook_id, status, delivered_at)"
                        + " SELECT gen_random_uuid(), e.id, w.id, 'DELIVERED', now() FROM events e,"
                        + " unnest(?::uuid[]) AS w(id)", "{" + String.join(",", hooks) + "}");
                CountDownLatch go = new CountDownLatch(1);
                Future<String> pruned = threads.submit(() -> {
                    go.await();
                    try (Connection connection = Db.connect(); PreparedStatement statement = connection.prepareStatement(prune)) {
                        statement.executeUpdate();
                        return null;
                    } catch (SQLException failed) {
                        return "the prune: " + failed.getSQLState() + " " + failed.getMessage();
                    }
                });
                List<Future<Api.Answer>> deletions = new ArrayList<>();
                for (String hook : hooks) {
                    deletions.add(threads.submit(() -> {
                        go.await();
                        return Webhooks.deletion(api, hook);
                    }));
                }
                go.countDown();
                if (pruned.get(60, TimeUnit.SECONDS) != null) {
                    failures.add("round " + round + ", " + pruned.get());
                }
                for (int i = 0; i < WEBHOOKS; i++) {
                    Api.Answer deleted = deletions.get(i).get(60, TimeUnit.SECONDS);
                    if (deleted.status() != 204) {
                        failures.add("round " + round + ", a deletion: " + deleted);
                    }
                }
            }
        } finally {
            threads.shutdownNow();
            // Whatever a failure left: no webhook of this test's hears the other classes' events on.
            for (String hook : registered) {
                if (Db.scalar("SELECT count(*) FROM webhook WHERE id = ?::uuid", hook) > 0) {
                    Webhooks.delete(api, hook);
                }
            }
            Db.update("DELETE FROM outbox WHERE created_at < now() - interval '199 hours'");
        }
        assertEquals(List.of(), failures, "every deletion answered 204 and every prune went through");
    }

    /**
     * An old event whose failed delivery is sent again while the prune forgets it is kept, and
     * the delivery with it: the prune reads the deliveries it locked as they are now. The send
     * again ({@code db/webhooks/send_again.sql}, in a transaction of the test's own) holds the
     * delivery's row while the prune, which found the event with nothing pending, waits for it;
     * then the send again commits. Before, the cascade deleted the delivery an administrator had
     * just been told would go out again.
     */
    @Test
    void anOldEventWhoseDeliveryIsSentAgainAsItIsForgottenIsKept() throws Exception {
        String prune = statement("db/webhooks/prune_outbox.sql").replace(":keptHours", Integer.toString(KEPT_HOURS))
                .replace(":batch", "100");
        String sendAgain = statement("db/webhooks/send_again.sql").replace(":id", "?::uuid");
        String hook = Webhooks.register(api, "http://127.0.0.1:9/sent-again", "reservation.cancelled").id();
        UUID event = UUID.randomUUID();
        UUID delivery = UUID.randomUUID();
        ExecutorService thread = Executors.newSingleThreadExecutor();
        try {
            Db.update("INSERT INTO outbox (id, type, body, created_at) VALUES (?::uuid, 'reservation.cancelled', '{}',"
                    + " now() - interval '200 hours')", event.toString());
            Db.update("INSERT INTO webhook_delivery (id, outbox_id, webhook_id, status, last_error) VALUES (?::uuid, ?::uuid,"
                    + " ?::uuid, 'FAILED', 'HTTP 500')", delivery.toString(), event.toString(), hook);
            try (Connection admin = Db.connect()) {
                admin.setAutoCommit(false);
                try (PreparedStatement again = admin.prepareStatement(sendAgain)) {
                    again.setString(1, delivery.toString());
                    assertTrue(again.executeQuery().next(), "sent again");
                }
                Future<Integer> pruned = thread.submit(() -> {
                    try (Connection connection = Db.connect(); PreparedStatement statement = connection.prepareStatement(prune)) {
                        return statement.executeUpdate();
                    }
                });
                await("the prune waiting for the delivery's row").atMost(Duration.ofSeconds(30)).pollInterval(Duration.ofMillis(20))
                        .until(() -> Db.scalar("SELECT count(*) FROM pg_stat_activity WHERE wait_event_type = 'Lock'"
                                + " AND query LIKE '%forgotten%'") > 0);
                admin.commit();
                pruned.get(30, TimeUnit.SECONDS);
            }
            assertEquals(1, Db.scalar("SELECT count(*) FROM outbox WHERE id = ?::uuid", event.toString()), "the event kept");
            assertEquals("PENDING", Db.text("SELECT status FROM webhook_delivery WHERE id = ?::uuid", delivery.toString()),
                    "its delivery kept, to go out again");
        } finally {
            thread.shutdownNow();
            Webhooks.delete(api, hook);
            Db.update("DELETE FROM outbox WHERE id = ?::uuid", event.toString());
        }
    }

    private static String statement(String file) throws java.io.IOException {
        return Files.readString(Path.of(file)).replaceAll("(?m)--.*$", "");
    }
}
