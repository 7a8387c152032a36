package dev.flashsale.platform.health;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.junit.jupiter.api.Test;

/** The eviction policy reported for several masters: the worst of theirs. */
class DatabaseReadinessTest {

    @Test
    void aMasterThatMayEvictOutranksOneThatWillNotSayAndBothOutrankNoeviction() {
        assertEquals("noeviction", DatabaseReadiness.worst(List.of("noeviction", "noeviction", "noeviction")));
        assertEquals("unknown", DatabaseReadiness.worst(List.of("noeviction", "unknown", "noeviction")));
        assertEquals("allkeys-lru", DatabaseReadiness.worst(List.of("noeviction", "unknown", "allkeys-lru")));
        assertEquals("volatile-ttl", DatabaseReadiness.worst(List.of("volatile-ttl")));
    }
}
