package dev.flashsale.gate.control;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.flashsale.platform.id.IdempotencyKey;
import dev.flashsale.platform.id.KeyOwner;
import dev.flashsale.platform.redis.RedisScripts;
import dev.flashsale.stock.entity.Sku;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import redis.clients.jedis.UnifiedJedis;

/**
 * What a node learns of a sold-out SKU while announcements come in: its facts are asked of Redis
 * ({@code sold_out_facts}, here answered "sold out, no holders, no deadline" after {@link #duringTheCall}
 * ran), and an announcement heard meanwhile drops what was learnt only when it may be of the SKU.
 */
class SoldOutMemoryTest {

    private static final Sku SKU = new Sku("HOT-1");
    private static final IdempotencyKey KEY = new IdempotencyKey(KeyOwner.CONFIGURED, "key-1");

    private final SoldOutMemory memory = new SoldOutMemory();
    private Runnable duringTheCall = () -> { };

    @BeforeEach
    void aNodeThatHearsTheAnnouncements() {
        memory.memoryMillis = 60_000;
        memory.maxHolders = 100;
        memory.scripts = new RedisScripts() {
            @Override
            public Object runForReply(UnifiedJedis redis, String name, List<String> keys, List<String> args) {
                duringTheCall.run();
                return List.of(0L, -1L, 1L);
            }
        };
        memory.listening(true);
    }

    @Test
    void unitsBackToAnotherSkuWhileItAsksKeepWhatItLearnt() {
        String other = "COLD-1";
        for (int i = 2; SoldOutMemory.stripe(other) == SoldOutMemory.stripe(SKU.value()); i++) {
            other = "COLD-" + i;
        }
        String elsewhere = other;
        assertNotEquals(SoldOutMemory.stripe(SKU.value()), SoldOutMemory.stripe(elsewhere));
        duringTheCall = () -> memory.unitsBack(elsewhere);

        memory.learn(null, SKU, memory.heard(SKU));

        assertTrue(memory.refuses(SKU, KEY), "a sale's holds running out elsewhere do not keep a hot SKU's refusals going to Redis");
    }

    @Test
    void unitsBackToTheSkuWhileItAsksDropWhatItLearnt() {
        duringTheCall = () -> memory.unitsBack(SKU.value());

        memory.learn(null, SKU, memory.heard(SKU));

        assertFalse(memory.refuses(SKU, KEY), "the unit that came back may be taken");
    }

    @Test
    void aMissedAnnouncementWhileItAsksDropsWhatItLearnt() {
        duringTheCall = () -> {
            memory.listening(false);
            memory.listening(true);
        };

        memory.learn(null, SKU, memory.heard(SKU));

        assertFalse(memory.refuses(SKU, KEY));
    }

    @Test
    void whatItLearntUndisturbedIsRefusedFromMemoryButForItsHolders() {
        memory.learn(null, SKU, memory.heard(SKU));

        assertTrue(memory.refuses(SKU, KEY));
        memory.unitsBack(SKU.value());
        assertFalse(memory.refuses(SKU, KEY), "forgotten when units come back");
    }
}
