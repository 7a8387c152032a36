package dev.flashsale.room.control;

import dev.flashsale.platform.id.SaleId;
import dev.flashsale.platform.redis.Announced;
import dev.flashsale.platform.redis.Announcements;
import dev.flashsale.room.entity.Room;
import dev.flashsale.room.entity.RoomChanged;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import jakarta.enterprise.event.TransactionPhase;
import jakarta.inject.Inject;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.locks.ReentrantLock;
import java.util.logging.Level;
import java.util.logging.Logger;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * Rooms' settings as tickets and polls need them, kept in memory for
 * {@code flashsale.room.directory-refresh-ms}, so that a poll asks no database. A room changed on
 * this node is read again at once, and one changed on another as soon as the change is announced
 * ({@link Announcements#ROOM_CHANGED}); this node announces its own changes. Sales without a room are not kept (any id may be asked for).
 */
@ApplicationScoped
public class Rooms {

    private static final Logger LOG = Logger.getLogger(Rooms.class.getName());

    private record Loaded(Room room, long atMillis) {
    }

    @Inject
    RoomBook book;

    @Inject
    Announcements announcements;

    @Inject
    @ConfigProperty(name = "flashsale.room.directory-refresh-ms")
    long refreshMillis;

    private final Map<SaleId, Loaded> loaded = new ConcurrentHashMap<>();
    private final Map<SaleId, ReentrantLock> readers = new ConcurrentHashMap<>();

    public Optional<Room> of(SaleId saleId) {
        Loaded known = loaded.get(saleId);
        if (known != null && System.currentTimeMillis() - known.atMillis() < refreshMillis) {
            return Optional.of(known.room());
        }
        if (known != null) {
            // One request of a crowd reads the settings again; the others go on with the ones known.
            ReentrantLock reading = readers.computeIfAbsent(saleId, id -> new ReentrantLock());
            if (!reading.tryLock()) {
                return Optional.of(known.room());
            }
            try {
                return read(saleId, known);
            } finally {
                reading.unlock();
            }
        }
        return read(saleId, null);
    }

    private Optional<Room> read(SaleId saleId, Loaded known) {
        Optional<Room> room;
        try {
            room = book.find(saleId);
        } catch (RuntimeException databaseAway) {
            if (known == null) {
                throw databaseAway;
            }
            // Tickets and polls go on from Redis with the settings known: PostgreSQL is asked again next time.
            LOG.log(Level.FINE, "Room of sale " + saleId + " not read again; the settings known stay", databaseAway);
            return Optional.of(known.room());
        }
        room.ifPresentOrElse(found -> loaded.put(saleId, new Loaded(found, System.currentTimeMillis())), () -> loaded.remove(saleId));
        return room;
    }

    /** The room as PostgreSQL has it now (after a draw, say). */
    public Optional<Room> fresh(SaleId saleId) {
        loaded.remove(saleId);
        return of(saleId);
    }

    void changed(@Observes(during = TransactionPhase.AFTER_SUCCESS) RoomChanged changed) {
        loaded.remove(changed.saleId());
        announcements.publish(Announcements.ROOM_CHANGED, changed.saleId().toString());
    }

    /** A room changed on some node (this one included), announced through Redis. */
    void changedElsewhere(@Observes Announced announced) {
        if (announced.on(Announcements.ROOM_CHANGED)) {
            try {
                loaded.remove(new SaleId(UUID.fromString(announced.message())));
            } catch (IllegalArgumentException notASale) {
                LOG.log(Level.WARNING, "Announced room change of no sale: {0}", announced.message());
            }
        }
    }
}
