package dev.flashsale.testsupport;

import dev.flashsale.platform.id.SaleId;
import dev.flashsale.room.control.RoomKeys;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import redis.clients.jedis.Jedis;

/**
 * The room's promise, looked at while a crowd runs: the buyers a room admitted and who have not
 * reserved yet (Redis) are never more than the units its sale has available (PostgreSQL). Sampled
 * every 20 ms on a thread of its own, from {@link #start} until {@link #close}.
 *
 * <p>The two cannot be read at one moment, so a look reads PostgreSQL, then Redis, then
 * PostgreSQL again, and reports only more admitted than the larger of the two readings. A buyer
 * leaves the admitted set in Redis before the reserve takes its unit in PostgreSQL, so a reserve
 * during the look makes neither reading too low for the admitted it counts. A unit that comes back
 * during the look and is admitted before the Redis read is in the second reading, unless its
 * admitted buyer also polled, reserved and was committed before that reading: a chain of two
 * requests, far longer than the look's three reads.
 */
public final class AdmittedSampler implements AutoCloseable {

    private static final String AVAILABLE = "SELECT total - held - sold FROM stock WHERE sku = ?";

    private final AtomicBoolean done = new AtomicBoolean();
    private final ConcurrentLinkedQueue<String> over = new ConcurrentLinkedQueue<>();
    private final ExecutorService thread = Executors.newSingleThreadExecutor();
    private final Future<Integer> samples;

    private AdmittedSampler(UUID sale, String sku) {
        samples = thread.submit(() -> sample(sale, sku));
    }

    /** Samples the room of {@code sale}, whose one SKU is {@code sku}, until closed. */
    public static AdmittedSampler start(UUID sale, String sku) {
        return new AdmittedSampler(sale, sku);
    }

    /** One look, on the caller's thread: what it saw beyond the units available, if anything. */
    public static Optional<String> look(UUID sale, String sku) {
        try (Connection db = Db.connect(); PreparedStatement available = db.prepareStatement(AVAILABLE);
             Jedis redis = TestRedis.client()) {
            available.setString(1, sku);
            return look(sale, available, redis);
        } catch (SQLException e) {
            throw new IllegalStateException(e);
        }
    }

    /** Stops sampling; @return how many looks it took (a failed look fails here) */
    public int stop() {
        done.set(true);
        try {
            return samples.get(30, TimeUnit.SECONDS);
        } catch (Exception e) {
            throw new IllegalStateException("the sampler failed", e);
        } finally {
            thread.shutdown();
        }
    }

    /** Every look that saw more buyers admitted and not reserved than units available: none, always. */
    public List<String> overAdmitted() {
        return List.copyOf(over);
    }

    @Override
    public void close() {
        done.set(true);
        thread.shutdownNow();
    }

    private int sample(UUID sale, String sku) throws SQLException {
        int looks = 0;
        try (Connection db = Db.connect(); PreparedStatement available = db.prepareStatement(AVAILABLE);
             Jedis redis = TestRedis.client()) {
            available.setString(1, sku);
            while (!done.get()) {
                look(sale, available, redis).ifPresent(over::add);
                looks++;
                Pause.millis(20);
            }
        }
        return looks;
    }

    private static Optional<String> look(UUID sale, PreparedStatement available, Jedis redis) throws SQLException {
        long before = units(available, sale);
        long admitted = redis.zcard(RoomKeys.admitted(new SaleId(sale)));
        long after = units(available, sale);
        if (admitted > Math.max(before, after)) {
            return Optional.of(admitted + " admitted, not reserved, with " + before + " available before and " + after + " after");
        }
        return Optional.empty();
    }

    /** One statement, one snapshot: counts read one after the other may cross a take. */
    private static long units(PreparedStatement available, UUID sale) throws SQLException {
        try (ResultSet row = available.executeQuery()) {
            if (!row.next()) {
                throw new IllegalStateException("no stock row for sale " + sale);
            }
            return row.getLong(1);
        }
    }
}
