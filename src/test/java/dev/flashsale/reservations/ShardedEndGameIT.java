package dev.flashsale.reservations;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import dev.flashsale.gate.control.GateKeys;
import dev.flashsale.platform.sql.PgArrays;
import dev.flashsale.stock.entity.Sku;
import dev.flashsale.testsupport.Api;
import dev.flashsale.testsupport.Crowd;
import dev.flashsale.testsupport.Db;
import dev.flashsale.testsupport.Sales;
import dev.flashsale.testsupport.StockCounts;
import dev.flashsale.testsupport.TestRedis;
import dev.flashsale.testsupport.TestServer;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.parallel.Isolated;
import redis.clients.jedis.Jedis;

/**
 * The end game of a sharded SKU never deadlocks, even when the take before it locked a row and
 * then found it taken.
 *
 * <p>The race, played out step by step: a buyer's take (db/stock/take_units.sql, first free row,
 * FOR UPDATE SKIP LOCKED) is held after its statement took its snapshot and before it looks for
 * the first free row; meanwhile another buyer takes the last unit of row 1 and commits, and
 * another end game has locked row 0 (and not yet row 1). The paused take then finds row 0 busy and locks row 1, whose
 * newer version READ COMMITTED re-checks and finds taken: no row comes back, and the take misses.
 * Its end game waits for row 0; the other end game then locks every row in shard order
 * (db/stock/lock_shards_of_sku.sql) and reaches row 1. Had the take kept row 1 locked, the two
 * would wait for each other and PostgreSQL would abort one (40P01), which is what this test saw
 * before the take ran under a savepoint rolled back when it found nothing.
 *
 * <p>The hold: for the test's SKU only, {@code sku_room_on()} is wrapped for the test's duration
 * by a function that first waits for an advisory lock the test holds. take_units.sql reads it in
 * the one-time filter that gates its UPDATE, which PostgreSQL evaluates before the look for the
 * first free row (the test checks that the held statement is the take; were the room ever read
 * after the look, the hold would come too late to make the race). Everything else is the
 * application's own: the reserve request over HTTP, its take and end game, and the statements of
 * db/stock/ run as they are by the other buyer and the other end game.
 */
@Tag("core")
@Isolated("replaces a database function every reserve calls; counts the database's deadlocks")
class ShardedEndGameIT {

    private static final long TAKE_PAUSE = 0x5ead_e9a3L; // advisory lock the wrapped sku_room_on() waits for
    private static final Duration PATIENCE = Duration.ofSeconds(10);
    private static final Pattern PARAMETER = Pattern.compile("(?<!:):([A-Za-z]\\w*)");
    private static final Object SQL_NULL = new Object(); // a parameter bound as NULL

    private static final int ROUNDS = 5;
    private static final int SHARDS = 20;
    private static final int BUYERS = 200;

    private final Api api = new Api(TestServer.url());

    @Test
    void aTakeThatLockedARowTakenMeanwhileLeavesItBeforeItsEndGame() throws Exception {
        String sku = Sales.uniqueSku("endgame");
        Sales.openSale(api, sku, 2, 1, 600, "REFUSE", 2);
        assertEquals(List.of("0:1", "1:1"), Db.texts("SELECT shard || ':' || total FROM stock_shard WHERE sku = ? ORDER BY shard", sku),
                "one unit on each of two rows");
        TestRedis.awaitValue(GateKeys.counter(new Sku(sku)), "2");
        try (Connection pause = Db.connect(); Connection otherEndGame = Db.connect()) {
            holdTakesOf(sku);
            try {
                execute(pause, "SELECT pg_advisory_lock(" + TAKE_PAUSE + ")");
                otherEndGame.setAutoCommit(false);
                // The other end game waits only briefly before looking for a deadlock, so that it is the one aborted.
                execute(otherEndGame, "SET LOCAL deadlock_timeout = '100ms'");
                execute(otherEndGame, "SELECT 1 FROM stock_shard WHERE sku = '" + sku + "' AND shard = 0 FOR UPDATE");

                CompletableFuture<Api.Answer> buyer = CompletableFuture.supplyAsync(() -> api.reserve(sku + "-b", sku, "buyer-b", 1));
                int take = awaitHeldTake();

                // Another buyer takes row 1's last unit and commits: a commit the held take's snapshot does not see.
                // (The pause connection holds the advisory lock itself, so its own take is not held.)
                try (PreparedStatement other = statement(pause, "stock/take_units", Map.ofEntries(
                        Map.entry("ids", PgArrays.literal(List.of(UUID.randomUUID()))),
                        Map.entry("owners", PgArrays.literal(List.of(UUID.randomUUID()))),
                        Map.entry("keys", PgArrays.literal(List.of(sku + "-a"))),
                        Map.entry("buyers", PgArrays.literal(List.of("buyer-a"))),
                        Map.entry("qtys", PgArrays.literal(List.of(1))),
                        Map.entry("tickets", PgArrays.literal(Arrays.asList((String) null))),
                        Map.entry("sku", sku), Map.entry("shard", 1), Map.entry("firstFreeShard", false),
                        Map.entry("holdSeconds", 600), Map.entry("maxPerBuyer", SQL_NULL)));
                     ResultSet taken = other.executeQuery()) {
                    assertTrue(taken.next() && taken.getInt("claimed") == 1, "the other buyer took row 1's unit");
                }
                execute(pause, "SELECT pg_advisory_unlock(" + TAKE_PAUSE + ")");

                // The held take goes on: row 0 busy, row 1 taken meanwhile; its end game then waits for row 0.
                await("the take's end game waiting for row 0").atMost(PATIENCE).pollInterval(Duration.ofMillis(10))
                        .until(() -> blockedBy(take, pid(otherEndGame)));
                List<String> locked = new ArrayList<>();
                try (PreparedStatement lockAll = statement(otherEndGame, "stock/lock_shards_of_sku", Map.of("sku", sku))) {
                    lockAll.setQueryTimeout((int) PATIENCE.toSeconds());
                    try (ResultSet rows = lockAll.executeQuery()) {
                        while (rows.next()) {
                            locked.add(rows.getInt("shard") + ":" + rows.getInt("free"));
                        }
                    }
                } catch (SQLException e) {
                    fail("the other end game, locking every row in shard order, failed with SQLSTATE " + e.getSQLState()
                            + " (40P01: deadlock with the take's end game, which kept row 1 locked): " + e.getMessage());
                }
                assertEquals(List.of("0:1", "1:0"), locked, "the other end game locked both rows");
                otherEndGame.commit();

                Api.Answer answer = buyer.get(PATIENCE.toSeconds(), TimeUnit.SECONDS);
                assertEquals(201, answer.status(), "the buyer got row 0's unit in the end game: " + answer);
                StockCounts.assertEveryUnitHeld(sku, 2);
            } finally {
                otherEndGame.rollback();
                execute(pause, "SELECT pg_advisory_unlock_all()");
                releaseTakes();
                api.rebuildCounter(sku);
            }
        }
    }

    /**
     * Under load the end game sells every unit, none twice, with no group tried again: 200 buyers
     * at once on 20 stock rows of 1 to 3 units each, five rounds, most takes missing and locking
     * every row of the SKU in shard order. (This load does not make the race above on its own.)
     */
    @Test
    void twoHundredBuyersOnTwentySmallShardsSellEveryUnitWithoutADeadlock() throws Exception {
        long deadlocksBefore = deadlocks();
        long retriedBefore = retried();
        for (int round = 0; round < ROUNDS; round++) {
            int units = 25 + 8 * round; // 1 to 3 units on each of the 20 rows
            String sku = Sales.uniqueSku("endgame" + round);
            Sales.openSale(api, sku, units, 3, 600, "REFUSE", SHARDS);
            TestRedis.awaitValue(GateKeys.counter(new Sku(sku)), Integer.toString(units));
            try {
                try (Jedis redis = TestRedis.client()) {
                    redis.set(GateKeys.counter(new Sku(sku)), "1000000"); // PostgreSQL alone decides: every buyer reaches it
                }
                List<Api.Answer> answers = Crowd.run(BUYERS, BUYERS, i -> api.reserve(sku + "-b-" + i, sku, "buyer-" + i, 1 + i % 3));

                assertEquals(List.of(), answers.stream().filter(a -> a.status() != 201
                        && !(a.status() == 409 && "sold-out".equals(a.problemType()))).limit(3).toList(), "only 201 and 409 sold-out");
                long unitsTaken = answers.stream().filter(a -> a.status() == 201).mapToLong(a -> a.json().getInt("qty")).sum();
                assertEquals(units, unitsTaken, "every unit sold, none twice");
                StockCounts.assertEveryUnitHeld(sku, units);
            } finally {
                api.rebuildCounter(sku);
            }
        }
        assertEquals(0, retried() - retriedBefore, "no group rolled back and tried again: keys and buyers are all distinct,"
                + " so only a deadlock could have");
        // PostgreSQL counts a deadlock when the aborted backend next reports its statistics (within a second or so, idle).
        await().during(Duration.ofSeconds(3)).atMost(Duration.ofSeconds(10))
                .until(() -> deadlocks() == deadlocksBefore);
    }

    /** Makes every take of {@code sku} wait, once its statement has its snapshot, while the test holds TAKE_PAUSE. */
    private static void holdTakesOf(String sku) throws SQLException {
        assertTrue(sku.matches("[A-Za-z0-9-]+"), sku);
        try (Connection connection = Db.connect()) {
            connection.setAutoCommit(false);
            execute(connection, "ALTER FUNCTION sku_room_on(varchar) RENAME TO sku_room_on_unheld");
            execute(connection, "CREATE FUNCTION sku_room_on(checked_sku varchar) RETURNS boolean LANGUAGE plpgsql STABLE AS $$"
                    + " BEGIN"
                    + "   IF checked_sku = '" + sku + "' THEN PERFORM pg_advisory_xact_lock_shared(" + TAKE_PAUSE + "); END IF;"
                    + "   RETURN sku_room_on_unheld(checked_sku);"
                    + " END $$");
            connection.commit();
        }
    }

    private static void releaseTakes() throws SQLException {
        try (Connection connection = Db.connect()) {
            connection.setAutoCommit(false);
            execute(connection, "DROP FUNCTION sku_room_on(varchar)");
            execute(connection, "ALTER FUNCTION sku_room_on_unheld(varchar) RENAME TO sku_room_on");
            connection.commit();
        }
    }

    /** The backend of the take held by TAKE_PAUSE, once it waits; its statement must be take_units.sql. */
    private static int awaitHeldTake() {
        String waiting = "SELECT a.pid || ' ' || a.query FROM pg_locks l JOIN pg_stat_activity a ON a.pid = l.pid"
                + " WHERE l.locktype = 'advisory' AND NOT l.granted AND l.classid = 0 AND l.objid = " + TAKE_PAUSE
                + " AND l.database = (SELECT oid FROM pg_database WHERE datname = current_database())";
        String held = await("the buyer's take held").atMost(PATIENCE).pollInterval(Duration.ofMillis(10))
                .until(() -> Db.text(waiting), text -> text != null);
        assertTrue(held.contains(opening("stock/take_units")), "the held statement is the take: " + held);
        return Integer.parseInt(held.substring(0, held.indexOf(' ')));
    }

    /** The first words of a statement of db/, up to its first parameter: how pg_stat_activity shows it begin. */
    private static String opening(String name) {
        try {
            String text = Files.readString(Path.of("db", name + ".sql"));
            return text.substring(0, text.indexOf(':'));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static boolean blockedBy(int pid, int blocker) {
        return Db.scalar("SELECT count(*) FROM unnest(pg_blocking_pids(?)) AS b (pid) WHERE b.pid = ?", pid, blocker) > 0;
    }

    private static int pid(Connection connection) throws SQLException {
        try (Statement statement = connection.createStatement(); ResultSet row = statement.executeQuery("SELECT pg_backend_pid()")) {
            row.next();
            return row.getInt(1);
        }
    }

    private static void execute(Connection connection, String sql) throws SQLException {
        try (Statement statement = connection.createStatement()) {
            statement.execute(sql);
        }
    }

    /** A statement of db/ as the application runs it, its :named parameters bound from {@code parameters}. */
    private static PreparedStatement statement(Connection connection, String name, Map<String, Object> parameters) throws Exception {
        String text = Files.readString(Path.of("db", name + ".sql")).replaceAll("(?m)--.*$", "");
        List<Object> values = new ArrayList<>();
        Matcher parameter = PARAMETER.matcher(text);
        StringBuilder sql = new StringBuilder();
        while (parameter.find()) {
            Object value = parameters.get(parameter.group(1));
            if (value == null) {
                throw new IllegalArgumentException("No value for :" + parameter.group(1) + " of db/" + name + ".sql");
            }
            values.add(value == SQL_NULL ? null : value);
            parameter.appendReplacement(sql, "?");
        }
        parameter.appendTail(sql);
        PreparedStatement statement = connection.prepareStatement(sql.toString());
        for (int i = 0; i < values.size(); i++) {
            statement.setObject(i + 1, values.get(i));
        }
        return statement;
    }

    private static long deadlocks() {
        return Db.scalar("SELECT deadlocks FROM pg_stat_database WHERE datname = current_database()");
    }

    private long retried() {
        return api.adminGet("api/admin/checkout-groups").json().getJsonNumber("retried").longValue();
    }
}
