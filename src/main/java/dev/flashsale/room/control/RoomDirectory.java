package dev.flashsale.room.control;

import dev.flashsale.platform.Refreshed;
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
import java.util.UUID;
import java.util.logging.Level;
import java.util.logging.Logger;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * Which SKUs belong to a sale with its room on, kept in memory so that the reserve path asks no
 * database: read again after a change made on this node and at most
 * {@code flashsale.room.directory-refresh-ms} after one made on another. Only SKUs with a room
 * are kept, so unknown SKUs cost no memory.
 */
@ApplicationScoped
public class RoomDirectory {

    private static final Logger LOG = Logger.getLogger(RoomDirectory.class.getName());

    @Inject
    RoomBook book;

    @Inject
    @ConfigProperty(name = "flashsale.room.directory-refresh-ms")
    long refreshMillis;

    private Refreshed<Map<Sku, UUID>> saleBySku;

    @PostConstruct
    void create() {
        saleBySku = new Refreshed<>(Map.of(), refreshMillis, this::read);
    }

    /** @return the sale of the SKU when that sale's room is on */
    public Optional<UUID> saleWithRoomOf(Sku sku) {
        return Optional.ofNullable(saleBySku.get().get(sku));
    }

    /** @return the sales whose room is on */
    public Set<UUID> salesWithRoom() {
        return Set.copyOf(saleBySku.get().values());
    }

    void changed(@Observes(during = TransactionPhase.AFTER_SUCCESS) RoomChanged changed) {
        saleBySku.changed();
    }

    private Map<Sku, UUID> read() {
        try {
            return book.skusWithRoom();
        } catch (RuntimeException e) {
            // Keep the rooms known so far: a database hiccup must not let buyers past a room.
            LOG.log(Level.WARNING, "Rooms not reloaded; the ones loaded before stay in force", e);
            throw e;
        }
    }
}
