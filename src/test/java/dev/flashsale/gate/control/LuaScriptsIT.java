package dev.flashsale.gate.control;

import dev.flashsale.platform.redis.RedisScripts;
import dev.flashsale.platform.id.IdempotencyKey;
import dev.flashsale.platform.id.KeyOwner;
import dev.flashsale.stock.entity.Sku;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.flashsale.testsupport.Sales;
import dev.flashsale.testsupport.TestRedis;
import java.time.Duration;
import java.util.List;
import org.awaitility.Awaitility;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.parallel.Isolated;
import redis.clients.jedis.JedisPooled;
import redis.clients.jedis.UnifiedJedis;

/**
 * The scripts in lua/, each on its own against a real Redis, including the pitfalls of Lua
 * ({@link LuaScriptsOnClusterIT}: the same on a Redis Cluster).
 */
@Tag("core")
@Isolated("flushes Redis's scripts")
class LuaScriptsIT {

    private static final long MARGIN = CounterStore.WINDOW_MARGIN.toMillis();

    private final RedisScripts scripts = new RedisScripts();
    UnifiedJedis redis;
    private String sku;

    /** The Redis the scripts run on. */
    UnifiedJedis connect() {
        return new JedisPooled("127.0.0.1", TestRedis.port());
    }

    @BeforeEach
    void connectAndLoad() {
        scripts.load();
        redis = connect();
        sku = Sales.uniqueSku("lua");
    }

    @AfterEach
    void disconnect() {
        redis.close();
    }

    @Test
    void theLastUnitGoesToABuyerOfOneAndThenTheSkuIsSoldOut() {
        load(2);
        assertEquals(1, reserve("a", 1));
        assertEquals(0, reserve("b", 1), "available == qty passes: >= not >");
        assertEquals("1", redis.get(GateKeys.soldOut(new Sku(sku))), "the last unit raises the sold-out flag");
        assertEquals(-1, reserve("c", 1));
        assertEquals("0", redis.get(GateKeys.counter(new Sku(sku))), "never below zero");
    }

    @Test
    void aBuyerOfMoreThanIsLeftIsRefusedWithoutTakingAnything() {
        load(1);
        assertEquals(-1, reserve("a", 2));
        assertEquals("1", redis.get(GateKeys.counter(new Sku(sku))));
        assertNull(redis.get(GateKeys.soldOut(new Sku(sku))), "one unit is still there for a buyer of one");
        assertFalse(redis.exists(GateKeys.marker(new Sku(sku), new IdempotencyKey(KeyOwner.CONFIGURED, "a"))));
        assertEquals(0, reserve("b", 1));
    }

    @Test
    void aKeyThatHoldsUnitsIsToldSoAndTakesNoMore() {
        load(5);
        assertEquals(3, reserve("a", 2));
        assertEquals(-2, reserve("a", 2));
        assertEquals("3", redis.get(GateKeys.counter(new Sku(sku))));
        assertTrue(redis.ttl(GateKeys.marker(new Sku(sku), new IdempotencyKey(KeyOwner.CONFIGURED, "a"))) > 0, "the marker expires some day");
    }

    @Test
    void aFreshKeyIsNotMistakenForAHoldingOne() {
        // EXISTS answers 0 for a missing key, and 0 is true in Lua: a bare test would say -2 here.
        load(1);
        assertEquals(0, reserve("fresh", 1));
    }

    @Test
    void anUnloadedCounterLetsNobodyThroughAndStaysUnloaded() {
        assertEquals(-3, reserve("a", 1));
        assertNull(redis.get(GateKeys.counter(new Sku(sku))), "not created, so not negative");
        assertFalse(redis.exists(GateKeys.marker(new Sku(sku), new IdempotencyKey(KeyOwner.CONFIGURED, "a"))));
    }

    /** The flag without its counter (lost, evicted) must not refuse the SKU for good: the counter is built again. */
    @Test
    void aSoldOutFlagWhoseCounterIsGoneAsksForTheCounter() {
        load(0);
        assertEquals(-1, reserve("a", 1), "sold out while the counter says so");
        redis.del(GateKeys.counter(new Sku(sku)));

        assertEquals(-3, reserve("b", 1), "without its counter the flag says nothing");
        load(2);
        assertNull(redis.get(GateKeys.soldOut(new Sku(sku))), "the rebuilt counter cleared the flag");
        assertEquals(1, reserve("b", 1));
    }

    @Test
    void releaseGivesUnitsBackOncePerKey() {
        load(3);
        reserve("a", 2);
        reserve("b", 1);
        assertEquals("1", redis.get(GateKeys.soldOut(new Sku(sku))));

        assertEquals(2, release("a"));
        assertEquals(0, release("a"), "a second release of the same key gives nothing");
        assertEquals(0, release("never-held"));
        assertEquals("2", redis.get(GateKeys.counter(new Sku(sku))));
        assertNull(redis.get(GateKeys.soldOut(new Sku(sku))), "units came back: no longer sold out");
    }

    @Test
    void releaseIntoAnUnloadedCounterDoesNotInventOne() {
        load(1);
        reserve("a", 1);
        redis.del(GateKeys.counter(new Sku(sku)));
        assertEquals(0, release("a"));
        assertNull(redis.get(GateKeys.counter(new Sku(sku))));
    }

    @Test
    void theKeysThatHoldUnitsAreKeptUntilTheyGiveThemBack() {
        load(3);
        reserve("a", 1);
        reserve("b", 2);
        assertEquals(-1, reserve("c", 1));
        assertEquals(java.util.Set.of("a", "b"), redis.smembers(GateKeys.holders(new Sku(sku))), "a refused key holds nothing");
        release("a");
        assertEquals(java.util.Set.of("b"), redis.smembers(GateKeys.holders(new Sku(sku))));
    }

    @Test
    void theFactsOfASoldOutSkuNameItsHoldersAndItsFirstDeadline() {
        load(2);
        assertEquals(List.of(0L, -1L, 0L), facts(10), "nothing held, no deadline, not sold out");
        reserve("a", 1);
        reserve("b", 1);
        redis.zadd(GateKeys.deadlines(new Sku(sku)), 2_000, "b");
        redis.zadd(GateKeys.deadlines(new Sku(sku)), 1_000, "a");
        List<Object> soldOut = facts(10);
        assertEquals(List.of(2L, 1_000L, 1L), soldOut.subList(0, 3));
        assertEquals(java.util.Set.of("a", "b"), java.util.Set.copyOf(soldOut.subList(3, soldOut.size())));
        assertEquals(List.of(2L, 1_000L, 1L), facts(1), "more holders than asked for: counted, not listed");
    }

    @Test
    void unitsGivenBackOrLoadedAreAnnouncedWithTheirSku() throws Exception {
        List<String> heard = new java.util.concurrent.CopyOnWriteArrayList<>();
        redis.clients.jedis.JedisPubSub listener = new redis.clients.jedis.JedisPubSub() {
            @Override
            public void onMessage(String channel, String message) {
                heard.add(message);
            }
        };
        Thread subscriber = new Thread(() -> connect().subscribe(listener, GateKeys.UNITS_BACK));
        subscriber.start();
        org.awaitility.Awaitility.await().atMost(java.time.Duration.ofSeconds(10)).until(listener::isSubscribed);
        // Said: a load of units, a release of units, a load again. Not said: a release of nothing,
        // an empty counter. On a Redis Cluster a message reaches the subscriber's node later than
        // the script's answer, so the announcements are counted once all are in.
        load(1);
        reserve("a", 1);
        reserve("b", 1);
        release("b");
        load(0);
        release("a");
        load(5);
        org.awaitility.Awaitility.await().atMost(java.time.Duration.ofSeconds(10))
                .until(() -> heard.stream().filter(sku::equals).count() >= 3);
        org.awaitility.Awaitility.await().during(java.time.Duration.ofMillis(500)).atMost(java.time.Duration.ofSeconds(2))
                .until(() -> heard.stream().filter(sku::equals).count() == 3);
        listener.unsubscribe();
        subscriber.join(10_000);
    }

    private List<Object> facts(int maxHolders) {
        Sku of = new Sku(sku);
        List<?> reply = (List<?>) scripts.runForReply(redis, "sold_out_facts",
                List.of(GateKeys.holders(of), GateKeys.deadlines(of), GateKeys.soldOut(of)), List.of(Integer.toString(maxHolders)));
        return reply.stream().map(value -> value instanceof byte[] bytes ? (Object) new String(bytes) : value).toList();
    }

    @Test
    void loadingSetsTheCounterAndTheFlagFromPostgresFigures() {
        assertEquals(-1, scripts.run(redis, "load_counter", List.of(GateKeys.counter(new Sku(sku)), GateKeys.soldOut(new Sku(sku))),
                List.of("0")));
        assertEquals("1", redis.get(GateKeys.soldOut(new Sku(sku))));
        assertEquals(0, scripts.run(redis, "load_counter", List.of(GateKeys.counter(new Sku(sku)), GateKeys.soldOut(new Sku(sku))),
                List.of("4")));
        assertNull(redis.get(GateKeys.soldOut(new Sku(sku))));
        assertEquals("4", redis.get(GateKeys.counter(new Sku(sku))));
    }

    /**
     * Before the sale's window the gate refuses without taking units, however many ask: the
     * counter stays whole and no sold-out flag is raised. Around the opening (the margin on either
     * side) it takes nothing and sends the buyer to PostgreSQL; after, the mark is gone by itself.
     * A start already past, or none, removes the mark; a load without its key leaves it.
     */
    @Test
    void beforeTheWindowTheGateRefusesWithoutTakingUnitsAndAroundItsOpeningSendsBuyersOn() {
        Sku of = new Sku(sku);
        long now = System.currentTimeMillis();
        assertEquals(-1, loadOpeningAt(2, now + 60_000));
        for (String key : List.of("a", "b", "c")) {
            assertEquals(-5, reserve(key, 1), "refused before the window");
        }
        assertEquals("2", redis.get(GateKeys.counter(of)), "nothing taken");
        assertNull(redis.get(GateKeys.soldOut(of)), "no sold-out flag");
        assertFalse(redis.exists(GateKeys.marker(of, new IdempotencyKey(KeyOwner.CONFIGURED, "a"))), "no hold marker");
        long ttl = redis.pttl(GateKeys.notOpen(of));
        assertTrue(ttl > 55_000 && ttl <= 60_000 + MARGIN, "the mark lives until the margin after the start: " + ttl + " ms left");

        load(2);
        assertTrue(redis.exists(GateKeys.notOpen(of)), "a load without the mark's key (reconciliation) leaves it");
        assertEquals(2, loadOpeningAt(2, 0));
        assertFalse(redis.exists(GateKeys.notOpen(of)), "no start removes the mark");
        loadOpeningAt(2, now + 60_000);
        assertEquals(2, loadOpeningAt(2, now - 60_000));
        assertFalse(redis.exists(GateKeys.notOpen(of)), "a start long past removes the mark");
        assertEquals(1, reserve("a", 1));

        // Around the opening (a wide margin here, so that a slow machine stays inside it): nothing
        // taken; the units of a hold PostgreSQL made meanwhile are then taken past the mark.
        long opens = System.currentTimeMillis() + 5_000;
        assertEquals(1, loadMark(1, Long.toString(opens), 10_000));
        assertEquals(-6, reserve("b", 1), "at the opening, PostgreSQL decides");
        assertEquals("1", redis.get(GateKeys.counter(of)), "and the gate takes nothing");
        assertEquals(0, scripts.run(redis, "reserve", GateKeys.forKey(of, new IdempotencyKey(KeyOwner.CONFIGURED, "b")),
                List.of("1", "600", "b", "held")), "the hold PostgreSQL made is taken past the mark");
        assertEquals("1", redis.get(GateKeys.marker(of, new IdempotencyKey(KeyOwner.CONFIGURED, "b"))), "with its marker");
        assertEquals(1, release("b"), "so that its cancel gives the unit back");

        // A short window: the mark goes by itself, and the gate takes units again.
        assertEquals(1, loadMark(1, Long.toString(System.currentTimeMillis() + 100), 100));
        Awaitility.await("the mark gone by itself").atMost(Duration.ofSeconds(5)).pollInterval(Duration.ofMillis(50))
                .until(() -> !redis.exists(GateKeys.notOpen(of)));
        assertEquals(0, reserve("b", 1), "the window open, the gate takes the units again");

        assertEquals(0, loadMark(0, "paused"));
        assertEquals(-6, reserve("c", 1), "a paused sale's buyers go on to PostgreSQL, even with no unit left");
        assertEquals(-1, redis.pttl(GateKeys.notOpen(of)), "until the next load");
        assertEquals(0, loadOpeningAt(0, 0));
        assertEquals(-1, reserve("c", 1), "resumed, the gate refuses a sold-out SKU again");
    }

    @Test
    void aSoldOutSkuWithAnOverdueHoldSendsTheBuyerToPostgres() {
        load(1);
        assertEquals(0, reserve("a", 1));
        long now = System.currentTimeMillis();
        redis.zadd(GateKeys.deadlines(new Sku(sku)), now + 60_000, "a");
        assertEquals(-1, reserve("b", 1), "the only hold is still running");

        redis.zadd(GateKeys.deadlines(new Sku(sku)), now - 1_000, "a");
        assertEquals(-4, reserve("c", 1), "the hold is overdue: PostgreSQL may give its unit to this buyer");
        assertEquals("0", redis.get(GateKeys.counter(new Sku(sku))), "nothing taken");

        assertEquals(1, release("a"));
        assertEquals(0, redis.zcard(GateKeys.deadlines(new Sku(sku))), "a released hold has no deadline left");
        assertEquals(0, reserve("c", 1));
    }

    @Test
    void scriptsSurviveScriptFlush() {
        load(2);
        assertEquals(1, reserve("a", 1));
        redis.scriptFlush();
        assertEquals(0, reserve("b", 1), "NOSCRIPT is answered by loading the script again");
    }

    @Test
    void liveHoldsAreRecordedFromPostgresDeadlinesReplacedMissingMarkersAdded() {
        Sku of = new Sku(sku);
        redis.zadd(GateKeys.deadlines(of), 1, "gone");
        redis.set(GateKeys.marker(of, new IdempotencyKey(KeyOwner.CONFIGURED, "a")), "2");
        assertEquals(2, scripts.run(redis, "load_holds",
                List.of(GateKeys.deadlines(of), GateKeys.marker(of, new IdempotencyKey(KeyOwner.CONFIGURED, "a")), GateKeys.marker(of, new IdempotencyKey(KeyOwner.CONFIGURED, "b"))),
                List.of("3600", "1700000000000", "a", "1", "1700000000500", "b", "3")));
        assertEquals(List.of("a", "b"), redis.zrange(GateKeys.deadlines(of), 0, -1));
        assertEquals(1700000000500.0, redis.zscore(GateKeys.deadlines(of), "b"));
        assertEquals("2", redis.get(GateKeys.marker(of, new IdempotencyKey(KeyOwner.CONFIGURED, "a"))), "an existing marker is left as it is");
        assertEquals("3", redis.get(GateKeys.marker(of, new IdempotencyKey(KeyOwner.CONFIGURED, "b"))), "a hold without one gets a marker");
        assertTrue(redis.ttl(GateKeys.marker(of, new IdempotencyKey(KeyOwner.CONFIGURED, "b"))) > 3500, "that lives as long as any marker");
        assertEquals(0, scripts.run(redis, "load_holds", List.of(GateKeys.deadlines(of)), List.of("3600")));
        assertFalse(redis.exists(GateKeys.deadlines(of)), "no live hold, no deadlines");
    }

    private void load(int available) {
        scripts.run(redis, "load_counter", List.of(GateKeys.counter(new Sku(sku)), GateKeys.soldOut(new Sku(sku))),
                List.of(Integer.toString(available)));
    }

    /** Loads the counter with the mark of a window opening at {@code epochMillis} (0: none), with the product's margin. */
    private long loadOpeningAt(int available, long epochMillis) {
        return loadMark(available, Long.toString(epochMillis), MARGIN);
    }

    private long loadMark(int available, String mark) {
        return loadMark(available, mark, MARGIN);
    }

    private long loadMark(int available, String mark, long marginMillis) {
        Sku of = new Sku(sku);
        return scripts.run(redis, "load_counter", List.of(GateKeys.counter(of), GateKeys.soldOut(of), GateKeys.notOpen(of)),
                List.of(Integer.toString(available), mark, Long.toString(marginMillis)));
    }

    private long reserve(String key, int qty) {
        return scripts.run(redis, "reserve", GateKeys.forKey(new Sku(sku), new IdempotencyKey(KeyOwner.CONFIGURED, key)), List.of(Integer.toString(qty), "600", key));
    }

    private long release(String key) {
        return scripts.run(redis, "release", GateKeys.forKey(new Sku(sku), new IdempotencyKey(KeyOwner.CONFIGURED, key)), List.of(key));
    }
}
