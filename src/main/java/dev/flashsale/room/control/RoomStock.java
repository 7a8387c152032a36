package dev.flashsale.room.control;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * A sale's units as admission sees them, read from PostgreSQL at most every
 * {@code flashsale.room.stock-refresh-ms} per node, so that polls cost no database call. With the
 * reading goes the room's count of tokens used to reserve as it stood one reading earlier: tokens
 * used since may have taken units the reading still shows, and admission counts them as taken
 * (room_poll.lua), which keeps admitted-but-not-reserved buyers within what is really available
 * as long as a reserve takes less than the refresh interval.
 */
@ApplicationScoped
public class RoomStock {

    /**
     * Units available and held; {@code usedBefore}, the count admission subtracts from (the one read
     * with the reading before); {@code usedAtRead}, the count read just before this reading.
     */
    public record Reading(long available, long held, long usedBefore, long usedAtRead, long readAtNanos) {
    }

    @Inject
    RoomBook book;

    @Inject
    RoomRedis redis;

    @Inject
    @ConfigProperty(name = "flashsale.room.stock-refresh-ms", defaultValue = "250")
    long refreshMillis;

    private final Map<UUID, Reading> readings = new ConcurrentHashMap<>();
    private final Map<UUID, Object> locks = new ConcurrentHashMap<>();

    public Reading of(UUID saleId) {
        Reading last = readings.get(saleId);
        if (last != null && System.nanoTime() - last.readAtNanos() < refreshMillis * 1_000_000L) {
            return last;
        }
        synchronized (locks.computeIfAbsent(saleId, id -> new Object())) {
            Reading current = readings.get(saleId);
            if (current != last) {
                return current;
            }
            long usedNow = redis.counter(saleId, "used");
            long[] stock = book.stockOf(saleId);
            Reading reading = new Reading(stock[0], stock[1], last == null ? usedNow : last.usedAtRead(), usedNow, System.nanoTime());
            readings.put(saleId, reading);
            return reading;
        }
    }
}
