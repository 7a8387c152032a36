package dev.flashsale.room.control;

import dev.flashsale.platform.id.SaleId;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.logging.Level;
import java.util.logging.Logger;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * A sale's units as admission sees them, read from PostgreSQL at most every
 * {@code flashsale.room.stock-refresh-ms} per node, so that polls cost no database call. With the
 * reading goes the room's count of reserve requests with a token answered, read just before it:
 * requests answered since, and those still on their way, may have taken units the reading still
 * shows, and admission counts them as taken (room_batch.lua), which keeps admitted-but-not-reserved
 * buyers within what is really available.
 */
@ApplicationScoped
public class RoomStock {

    private static final Logger LOG = Logger.getLogger(RoomStock.class.getName());

    /** Units available and held, and the {@code done} count read just before them. */
    public record Reading(long available, long held, long doneBefore, long readAtNanos) {

        /** The reading as lua/room_batch.lua takes it (its first three arguments), the calls to follow. */
        List<String> arguments() {
            return new ArrayList<>(List.of(Long.toString(available), Long.toString(held), Long.toString(doneBefore)));
        }
    }

    @Inject
    RoomBook book;

    @Inject
    RoomState state;

    @Inject
    @ConfigProperty(name = "flashsale.room.stock-refresh-ms")
    long refreshMillis;

    private final Map<SaleId, Reading> readings = new ConcurrentHashMap<>();
    private final Map<SaleId, Object> locks = new ConcurrentHashMap<>();

    public Reading of(SaleId saleId) {
        Reading last = readings.get(saleId);
        if (last != null && System.nanoTime() - last.readAtNanos() < refreshMillis * 1_000_000L) {
            return last;
        }
        synchronized (locks.computeIfAbsent(saleId, id -> new Object())) {
            Reading current = readings.get(saleId);
            return current != last ? current : read(saleId, last);
        }
    }

    /** The sale's units read now, whatever the last reading's age: units came back since it was read. */
    public Reading fresh(SaleId saleId) {
        synchronized (locks.computeIfAbsent(saleId, id -> new Object())) {
            return read(saleId, readings.get(saleId));
        }
    }

    private Reading read(SaleId saleId, Reading last) {
        long done = state.counter(saleId, "done");
        long[] stock;
        try {
            stock = book.stockOf(saleId);
        } catch (RuntimeException databaseAway) {
            if (last == null) {
                throw databaseAway;
            }
            // Admission goes on with the last reading and its count: still never more than it showed.
            LOG.log(Level.FINE, "Units of sale " + saleId + " not read again; the last reading stays", databaseAway);
            return last;
        }
        Reading reading = new Reading(stock[0], stock[1], done, System.nanoTime());
        readings.put(saleId, reading);
        return reading;
    }
}
