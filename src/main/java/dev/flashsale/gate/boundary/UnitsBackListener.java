package dev.flashsale.gate.boundary;

import dev.flashsale.gate.control.GateKeys;
import dev.flashsale.gate.control.SoldOutMemory;
import dev.flashsale.gate.entity.UnitsCameBack;
import dev.flashsale.platform.redis.Announced;
import dev.flashsale.platform.redis.Announcements;
import dev.flashsale.platform.redis.AnnouncementsHeard;
import dev.flashsale.stock.entity.Sku;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Event;
import jakarta.enterprise.event.Observes;
import jakarta.inject.Inject;

/**
 * Hears every announcement that units came back to a SKU ({@link GateKeys#UNITS_BACK}, published
 * by release.lua and load_counter.lua on whichever node gave them back, heard through
 * {@link Announcements}), has {@link SoldOutMemory} forget the SKU at once, and tells whoever else
 * listens ({@link UnitsCameBack}: the waiting room admits the next buyer). While the announcements
 * are not heard, the memory refuses nothing, and it forgets all it learnt whenever that changes.
 */
@ApplicationScoped
public class UnitsBackListener {

    @Inject
    SoldOutMemory memory;

    @Inject
    RedisGate gate;

    @Inject
    Event<UnitsCameBack> cameBack;

    void heard(@Observes Announced announced) {
        if (!announced.on(GateKeys.UNITS_BACK) || !gate.enabled()) {
            return;
        }
        memory.unitsBack(announced.message());
        if (Sku.isValid(announced.message())) {
            cameBack.fire(new UnitsCameBack(new Sku(announced.message())));
        }
    }

    void listening(@Observes AnnouncementsHeard heard) {
        memory.listening(heard.listening() && gate.enabled());
    }
}
