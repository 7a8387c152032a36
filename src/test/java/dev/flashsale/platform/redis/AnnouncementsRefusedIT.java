package dev.flashsale.platform.redis;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.flashsale.testsupport.TestRedis;
import java.time.Duration;
import java.util.UUID;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import redis.clients.jedis.Jedis;
import redis.clients.jedis.JedisPubSub;
import redis.clients.jedis.exceptions.JedisAccessControlException;
import redis.clients.jedis.exceptions.JedisConnectionException;

/**
 * What the tests' Redis answers a node whose ACL line lacks one of the announcements' channels:
 * the subscription is refused, and {@link SubscriptionTrouble} tells that refusal, which it logs as a
 * warning, from a Redis that does not answer or a login refused, which it logs only finely. A
 * user of its own, removed after.
 */
@Tag("core")
class AnnouncementsRefusedIT {

    @Test
    void aChannelTheAclLacksRefusesTheSubscriptionAsARefusal() {
        String user = "announcements-" + UUID.randomUUID().toString().substring(0, 8);
        try (Jedis admin = TestRedis.client()) {
            admin.aclSetUser(user, "on", ">refused-pw", "~fs:*", "resetchannels", "&" + Announcements.UNITS_BACK,
                    "-@all", "+subscribe", "+ping");
            try (Jedis node = TestRedis.client()) {
                node.auth(user, "refused-pw");
                // A subscription Redis took would wait for messages for ever: bounded, it fails instead.
                RuntimeException refused = assertTimeoutPreemptively(Duration.ofSeconds(10), () -> assertThrows(RuntimeException.class,
                        () -> node.subscribe(new JedisPubSub() {
                        }, Announcements.UNITS_BACK, Announcements.ROOM_CHANGED)));
                assertTrue(SubscriptionTrouble.isRefused(refused), "a refusal by the ACL: " + refused);
            } finally {
                // Its refusal stays in the ACL log under its own name, which no other test reads.
                admin.aclDelUser(user);
            }
        }
        assertFalse(SubscriptionTrouble.isRefused(new JedisConnectionException("Connection refused")), "Redis away is no refusal");
        assertFalse(SubscriptionTrouble.isRefused(new JedisAccessControlException("WRONGPASS invalid username-password pair")),
                "a login refused is not a channel refused");
    }
}
