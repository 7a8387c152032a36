package dev.flashsale.room.boundary;

import dev.flashsale.gate.entity.UnitsCameBack;
import dev.flashsale.room.control.RoomDirectory;
import dev.flashsale.room.control.RoomSteps;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import jakarta.inject.Inject;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * Units that came back to a SKU, on whichever node gave them back (a cancel, an expiry by the
 * sweeper or a lazy reclaim, reconciliation's give-back: announced in Redis, heard by every
 * node), step the room of the SKU's sale at once, so that a waiting buyer gets them within a
 * poll, not at some later one. Every node steps its own: the room's script admits no more than
 * the units free, whichever node asks first.
 */
@ApplicationScoped
public class ReturnedUnits {

    private static final Logger LOG = Logger.getLogger(ReturnedUnits.class.getName());

    @Inject
    RoomDirectory directory;

    @Inject
    RoomSteps steps;

    void cameBack(@Observes UnitsCameBack announced) {
        try {
            directory.saleWithRoomOf(announced.sku()).ifPresent(steps::unitsBack);
        } catch (RuntimeException roomsNotKnown) {
            // Heard on the announcements' own thread, which must go on: the buyers' next polls step the room.
            LOG.log(Level.WARNING, "Room of SKU " + announced.sku() + " not stepped on units back", roomsNotKnown);
        }
    }
}
