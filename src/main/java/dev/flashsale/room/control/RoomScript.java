package dev.flashsale.room.control;

import dev.flashsale.platform.id.SaleId;
import java.util.List;
import static dev.flashsale.room.control.RoomKeys.Key.ACTIVE;
import static dev.flashsale.room.control.RoomKeys.Key.ADMITTED;
import static dev.flashsale.room.control.RoomKeys.Key.CHECKOUTS;
import static dev.flashsale.room.control.RoomKeys.Key.FIGURES;
import static dev.flashsale.room.control.RoomKeys.Key.JOINED;
import static dev.flashsale.room.control.RoomKeys.Key.OWNERS;
import static dev.flashsale.room.control.RoomKeys.Key.PRE_QUEUE;
import static dev.flashsale.room.control.RoomKeys.Key.QUEUE;
import static dev.flashsale.room.control.RoomKeys.Key.RESERVING;
import static dev.flashsale.room.control.RoomKeys.Key.ROOM;
import static dev.flashsale.room.control.RoomKeys.Key.SEEN;
import static dev.flashsale.room.control.RoomKeys.Key.STATE;
import static dev.flashsale.room.control.RoomKeys.Key.TICKETS;

/**
 * The room's scripts in {@code lua/}, each with the keys it takes, in the order of its header's
 * {@code KEYS[n]}: every key a script touches is passed, so that Redis Cluster routes the call to
 * the slot of the sale's hash tag.
 */
enum RoomScript {
    /** Tickets taken and polled together, and admission. */
    BATCH("room_batch", ROOM, TICKETS, OWNERS, PRE_QUEUE, QUEUE, SEEN, STATE, ADMITTED, ACTIVE, RESERVING, FIGURES, JOINED),
    DRAW("room_draw", ROOM, PRE_QUEUE, QUEUE, SEEN, STATE),
    DRAW_FINISH("room_draw_finish", ROOM, PRE_QUEUE, QUEUE, SEEN, STATE),
    RELEASE("room_release", STATE, PRE_QUEUE, QUEUE, SEEN, ADMITTED, ACTIVE, FIGURES, JOINED),
    USE_TOKEN("room_use_token", STATE, ADMITTED, RESERVING),
    RESERVED("room_reserved", ROOM, RESERVING, CHECKOUTS),
    CHECKOUT_ENDED("room_checkout_ended", CHECKOUTS, STATE, ADMITTED, ACTIVE);

    private final String file;
    private final List<RoomKeys.Key> keys;

    RoomScript(String file, RoomKeys.Key... keys) {
        this.file = file;
        this.keys = List.of(keys);
    }

    /** The script's name in {@code lua/}, without {@code .lua}. */
    String file() {
        return file;
    }

    List<String> keys(SaleId saleId) {
        return keys.stream().map(key -> key.of(saleId)).toList();
    }
}
