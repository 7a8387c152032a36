package dev.flashsale.security;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.flashsale.testsupport.Api;
import dev.flashsale.testsupport.RoomSales;
import dev.flashsale.testsupport.Sales;
import dev.flashsale.testsupport.TestRedis;
import dev.flashsale.testsupport.TestServer;
import jakarta.json.JsonObject;
import java.time.Instant;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import redis.clients.jedis.Jedis;
import redis.clients.jedis.Protocol;
import redis.clients.jedis.exceptions.JedisAccessControlException;
import redis.clients.jedis.resps.AccessControlLogEntry;

/**
 * The application works on Redis as the ACL user of payara/redis-acl.conf, with the rights listed
 * there and no others: it logs in as that user, sells, queues and announces, its health check
 * reads the eviction policy, a stopping node may end its subscription, and Redis refused it nothing all run long (ACL LOG); the user can
 * touch no key outside {@code fs:*} and run no command outside the list.
 */
@Tag("security")
class RedisAclIT {

    private final Api api = new Api(TestServer.url());

    @Test
    void theApplicationWorksAsItsAclUserAndRedisRefusedItNothing() {
        String sku = Sales.openSku(api, 5, 1, 600, "REFUSE");
        Api.Answer held = api.reserve("acl-" + UUID.randomUUID(), sku, "acl-buyer", 1);
        assertEquals(201, held.status(), held.toString());
        assertEquals(200, api.cancel(held.json().getString("id")).status());
        String roomSku = Sales.uniqueSku("acl-room");
        UUID sale = RoomSales.open(api, roomSku, 10, 1, 600, Instant.now().minusSeconds(1), new RoomSales.Room(50, 100, 120, 60));
        String ticket = RoomSales.take(api, sale, "acl-queued").json().getString("ticket");
        RoomSales.awaitStatus(api, sale, ticket, "ADMITTED");

        Api.Answer ready = api.withStorefrontKey(null).get("health/ready");
        JsonObject database = ready.json().getJsonArray("checks").getValuesAs(JsonObject.class).stream()
                .filter(check -> check.getString("name").equals("database")).findFirst().orElseThrow();
        assertEquals("up", database.getJsonObject("data").getString("redis"), ready.toString());
        assertEquals("noeviction", database.getJsonObject("data").getString("redisEvictionPolicy"),
                "CONFIG GET maxmemory-policy allowed: " + ready);

        try (Jedis redis = TestRedis.client()) {
            String clients = redis.clientList();
            assertTrue(clients.lines().anyMatch(client -> client.contains(" name=flashsale ")
                    && client.contains(" user=" + TestRedis.applicationUser() + " ")), clients);
            assertTrue(clients.lines().noneMatch(client -> client.contains(" name=flashsale ") && client.contains(" user=default ")),
                    "no connection of the application as the default user: " + clients);
            List<AccessControlLogEntry> refused = redis.aclLog().stream()
                    .filter(entry -> TestRedis.applicationUser().equals(entry.getUsername())).toList();
            assertTrue(refused.isEmpty(), "Redis refused the application: " + refused.stream()
                    .map(entry -> entry.getReason() + " " + entry.getObject() + " (" + entry.getContext() + ")").toList());
        }

        try (Jedis application = TestRedis.client()) {
            application.auth(TestRedis.applicationUser(), TestRedis.APPLICATION_PASSWORD);
            assertThrows(JedisAccessControlException.class, () -> application.set("outside", "1"));
            assertThrows(JedisAccessControlException.class, () -> application.keys("fs:*"));
            assertThrows(JedisAccessControlException.class, () -> application.flushAll());
            // A node that stops ends its subscription to the announcements (Announcements.stop).
            assertDoesNotThrow(() -> application.sendCommand(Protocol.Command.UNSUBSCRIBE, "fs:room-changed"));
            assertThrows(JedisAccessControlException.class, () -> application.configSet("maxmemory-policy", "allkeys-lru"));
        } finally {
            try (Jedis redis = TestRedis.client()) {
                redis.aclLogReset();
            }
        }
    }
}
