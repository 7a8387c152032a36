package dev.flashsale.gate;

import dev.flashsale.limits.boundary.StorefrontLimits;
import dev.flashsale.limits.control.SharedBuckets;
import dev.flashsale.limits.entity.Limit;
import dev.flashsale.platform.id.BuyerId;
import dev.flashsale.platform.id.KeyOwner;
import dev.flashsale.testsupport.Api;
import dev.flashsale.testsupport.Sales;
import dev.flashsale.testsupport.SecondNode;
import dev.flashsale.testsupport.TestRedis;
import dev.flashsale.testsupport.TestServer;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.parallel.Isolated;
import redis.clients.jedis.Jedis;
import redis.clients.jedis.JedisMonitor;
import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Two nodes learn that a SKU is sold out and refuse it from memory, without a Redis command that
 * names the SKU or the buyer (seen by Redis' MONITOR; a buyer's rate limit is not asked either),
 * while a retry of a key that holds units still gets its
 * reservation; a unit given back on one node is sold on the other at once. Both nodes keep what
 * they learnt for {@link TestServer#SOLD_OUT_MEMORY_MS}, far longer than this test waits, so
 * only the announcement of the unit (Redis pub/sub) can end it.
 */
@Tag("faults")
@Isolated("stops, pauses, slows or kills PostgreSQL, Redis or the second node, which every class shares")
class SoldOutMemoryTwoNodesIT {

    /** Far under the memory's time in the tests: only the announcement can let the buyer in. */
    private static final Duration PROPAGATION = Duration.ofSeconds(5);

    @Test
    void aSoldOutSkuIsRefusedFromMemoryOnBothNodesAndAUnitGivenBackIsSoldAtOnce() throws Exception {
        Api first = new Api(TestServer.url());
        Api second = new Api(SecondNode.proxied().base());
        // Both hear the announcements: after a Redis restart (an earlier class's), a node subscribes again a moment later.
        TestRedis.awaitListeners(2);
        String sku = Sales.openSku(first, 2, 1, 600, "REFUSE");
        String run = sku.toLowerCase().replace("-", "");
        Api.Answer heldOnFirst = first.reserve("key-a-" + run.hashCode(), sku, "buyer-a", 1);
        Api.Answer heldOnSecond = second.reserve("key-b-" + run.hashCode(), sku, "buyer-b", 1);
        assertEquals(List.of(201, 201), List.of(heldOnFirst.status(), heldOnSecond.status()));
        // Each node asks Redis once and learns.
        assertSoldOut(first.reserve("key-c-" + run.hashCode(), sku, "buyer-c", 1));
        assertSoldOut(second.reserve("key-d-" + run.hashCode(), sku, "buyer-d", 1));

        String other = Sales.openSku(first, 5, 1, 600, "REFUSE");
        List<String> commands = watchRedis(() -> {
            assertSoldOut(first.reserve("key-e-" + run.hashCode(), sku, "buyer-e", 1));
            assertSoldOut(second.reserve("key-f-" + run.hashCode(), sku, "buyer-f", 1));
            // The watch sees what a reserve asks Redis: this one, of a SKU with units, is seen.
            assertEquals(201, first.reserve("key-w-" + run.hashCode(), other, "buyer-w", 1).status());
        });
        Limit buyers = new Limit("buyer", 1_000_000 / TestServer.BUYER_PER_SECOND, TestServer.BUYER_BURST);
        List<String> named = List.of(sku, SharedBuckets.key(buyers, StorefrontLimits.buyerBucket(KeyOwner.CONFIGURED, new BuyerId("buyer-e"))), SharedBuckets.key(buyers, StorefrontLimits.buyerBucket(KeyOwner.CONFIGURED, new BuyerId("buyer-f"))));
        assertEquals(List.of(), commands.stream().filter(command -> named.stream().anyMatch(command::contains)).toList(),
                "no command naming the SKU or the buyers' rate-limit buckets reached Redis");
        assertTrue(commands.stream().anyMatch(command -> command.contains(other)), "the watch saw the other SKU's gate");
        assertTrue(commands.stream().anyMatch(command -> command.contains(SharedBuckets.key(buyers, StorefrontLimits.buyerBucket(KeyOwner.CONFIGURED, new BuyerId("buyer-w"))))),
                "the watch saw the other buyer's bucket");
        // A buyer with no token left is refused as sold out, not rate-limited: the refusal costs nothing.
        TestRedis.emptyForTenSeconds(buyers, StorefrontLimits.buyerBucket(KeyOwner.CONFIGURED, new BuyerId("buyer-flood")));
        assertSoldOut(first.reserve("key-x-" + run.hashCode(), sku, "buyer-flood", 1));

        // A retry of a key that holds units, on the node that did not make it: its reservation.
        Api.Answer retried = second.reserve("key-a-" + run.hashCode(), sku, "buyer-a", 1);
        assertEquals(200, retried.status(), retried.toString());
        assertEquals(heldOnFirst.json().getString("id"), retried.json().getString("id"));

        // A unit given back on the first node is sold on the second at once, and the other way round.
        assertEquals(200, first.cancel(heldOnFirst.json().getString("id")).status());
        await("the second node hears of the unit").atMost(PROPAGATION).pollInterval(Duration.ofMillis(50))
                .until(() -> second.reserve("key-g-" + run.hashCode(), sku, "buyer-g", 1).status(), status -> status == 201);
        assertEquals(200, second.cancel(heldOnSecond.json().getString("id")).status());
        await("the first node hears of the unit").atMost(PROPAGATION).pollInterval(Duration.ofMillis(50))
                .until(() -> first.reserve("key-h-" + run.hashCode(), sku, "buyer-h", 1).status(), status -> status == 201);
        assertEquals(0, first.stock(sku).json().getInt("available"));
        assertEquals(2, first.stock(sku).json().getInt("held"), "nothing oversold");
    }

    private static void assertSoldOut(Api.Answer answer) {
        assertEquals(409, answer.status(), answer.toString());
        assertEquals("sold-out", answer.problemType());
    }

    /** The commands Redis ran while {@code requests} ran (MONITOR). */
    private static List<String> watchRedis(Runnable requests) throws Exception {
        List<String> commands = new CopyOnWriteArrayList<>();
        Jedis monitor = TestRedis.client();
        Thread watcher = new Thread(() -> {
            try {
                monitor.monitor(new JedisMonitor() {
                    @Override
                    public void onCommand(String command) {
                        commands.add(command);
                    }
                });
            } catch (RuntimeException closed) {
                // The watch ends when its connection is closed.
            }
        });
        watcher.start();
        await().atMost(Duration.ofSeconds(10)).until(() -> !commands.isEmpty() || pingSeen(commands));
        requests.run();
        // MONITOR streams a command as Redis runs it: a marker sent last arrives after the requests' commands.
        String marker = "watch-end-" + System.nanoTime();
        try (Jedis other = TestRedis.client()) {
            other.echo(marker);
        }
        await().atMost(Duration.ofSeconds(10)).until(() -> commands.stream().anyMatch(command -> command.contains(marker)));
        monitor.disconnect();
        watcher.join(10_000);
        return commands;
    }

    private static boolean pingSeen(List<String> commands) {
        try (Jedis other = TestRedis.client()) {
            other.echo("watch-start");
        }
        return commands.stream().anyMatch(command -> command.contains("watch-start"));
    }
}
