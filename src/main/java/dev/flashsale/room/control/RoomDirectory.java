package dev.flashsale.room.control;

import dev.flashsale.platform.Refreshed;
import dev.flashsale.platform.id.SaleId;
import dev.flashsale.platform.redis.Announced;
import dev.flashsale.platform.redis.Announcements;
import dev.flashsale.platform.redis.AnnouncementsHeard;
import dev.flashsale.room.entity.RoomChanged;
import dev.flashsale.stock.entity.Sku;
import jakarta.annotation.PostConstruct;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import jakarta.enterprise.event.TransactionPhase;
import jakarta.inject.Inject;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.logging.Level;
import java.util.logging.Logger;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * Which SKUs belong to a sale with its room on, kept in memory so that the reserve path asks no
 * database: read again after a change made on this node, as soon as the change is announced
 * through Redis ({@link Announcements#ROOM_CHANGED}) on every other, and at most
 * {@code flashsale.room.directory-refresh-ms} after a change whose announcement was lost. Only
 * SKUs with a room are kept, so unknown SKUs cost no memory.
 */
@ApplicationScoped
public class RoomDirectory {

    private static final Logger LOG = Logger.getLogger(RoomDirectory.class.getName());

    @Inject
    RoomBook book;

    @Inject
    @ConfigProperty(name = "flashsale.room.directory-refresh-ms")
    long refreshMillis;

    private Refreshed<Map<Sku, SaleId>> saleBySku;

    @PostConstruct
    void create() {
        saleBySku = new Refreshed<>(Map.of(), refreshMillis, this::read);
    }

    /** @return the sale of the SKU when that sale's room is on */
    public Optional<SaleId> saleWithRoomOf(Sku sku) {
        return Optional.ofNullable(saleBySku.get().get(sku));
    }

    /** @return the sales whose room is on */
    public Set<SaleId> salesWithRoom() {
        return Set.copyOf(saleBySku.get().values());
    }

    /**
     * The sale of the SKU when its room is on, as read at most {@code maxAgeMillis} ago: for a
     * request that says a room admitted it (it carries a token) while this node knows of no room,
     * since a change may have been made on another node whose announcement this node missed.
     */
    public Optional<SaleId> saleWithRoomOf(Sku sku, long maxAgeMillis) {
        return Optional.ofNullable(saleBySku.noOlderThan(maxAgeMillis).get(sku));
    }

    void changed(@Observes(during = TransactionPhase.AFTER_SUCCESS) RoomChanged changed) {
        saleBySku.changed();
    }

    /** A room changed on some node (this one included), announced through Redis. */
    void changedElsewhere(@Observes Announced announced) {
        if (announced.on(Announcements.ROOM_CHANGED)) {
            saleBySku.changed();
        }
    }

    /** Heard again after a break: what was announced meanwhile was lost, so read again. */
    void heardAgain(@Observes AnnouncementsHeard heard) {
        if (heard.listening()) {
            saleBySku.changed();
        }
    }

    private Map<Sku, SaleId> read() {
        try {
            return book.skusWithRoom();
        } catch (RuntimeException e) {
            // Keep the rooms known so far: a database hiccup must not let buyers past a room.
            LOG.log(Level.WARNING, "Rooms not reloaded; the ones loaded before stay in force", e);
            throw e;
        }
    }
}
