package dev.flashsale.testsupport;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;

import dev.flashsale.gate.control.GateKeys;
import dev.flashsale.platform.id.IdempotencyKey;
import dev.flashsale.platform.id.KeyOwner;
import dev.flashsale.stock.entity.Sku;
import java.time.Duration;
import redis.clients.jedis.Jedis;

/**
 * What the tests read and await of a hold: its deadline in PostgreSQL and in the gate, and what
 * the server moves in its own time (the sweeper's timer).
 */
public final class Holds {

    /**
     * The sweeper's timer runs every second in the tests' server; thirty seconds are what a
     * machine five times slower than this one, also busy with other work, still leaves it.
     */
    public static final Duration SWEPT_WITHIN = Duration.ofSeconds(30);

    private Holds() {
    }

    /** Polls the reservation until the storefront API reads it in {@code status}; fails at the deadline. */
    public static void awaitStatus(Api api, String reservationId, String status) {
        await("reservation " + reservationId + " " + status).atMost(SWEPT_WITHIN).pollInterval(Duration.ofMillis(100))
                .untilAsserted(() -> assertEquals(status, api.get("api/reservations/" + reservationId).json().getString("status")));
    }

    /** The hold's deadline in PostgreSQL, in epoch milliseconds. */
    public static long deadlineMillis(String reservationId) {
        return Db.scalar("SELECT floor(extract(epoch FROM expires_at) * 1000) FROM reservation WHERE id = ?::uuid", reservationId);
    }

    /** How the gate names a hold among a SKU's deadlines: the tests' holds are the configured storefront key's. */
    public static String gateMember(String idempotencyKey) {
        return new IdempotencyKey(KeyOwner.CONFIGURED, idempotencyKey).qualified();
    }

    /** The deadline the gate has of the hold, in epoch milliseconds; fails where it has none. */
    public static long gateDeadline(String sku, String idempotencyKey) {
        try (Jedis redis = TestRedis.client()) {
            Double score = redis.zscore(GateKeys.deadlines(new Sku(sku)), gateMember(idempotencyKey));
            assertNotNull(score, "the gate has no deadline of " + idempotencyKey);
            return score.longValue();
        }
    }

    /** The gate follows after PostgreSQL committed, on the request's own thread; awaited all the same. */
    public static void awaitGateDeadline(String sku, String idempotencyKey, long expected) {
        await("the gate's deadline of " + idempotencyKey).atMost(Duration.ofSeconds(60)).pollInterval(Duration.ofMillis(50))
                .untilAsserted(() -> assertEquals(expected, gateDeadline(sku, idempotencyKey)));
    }
}
