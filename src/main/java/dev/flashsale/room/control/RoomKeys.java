package dev.flashsale.room.control;

import dev.flashsale.platform.id.SaleId;
import java.util.Arrays;
import java.util.List;

/**
 * The names of a sale's room keys in Redis. All carry the sale as hash tag ({@code {sale:<id>}}),
 * so that one room's keys share a Redis Cluster slot and each room script touches them together.
 * Which keys each script takes, and in which order, is {@link RoomScript}'s to say.
 */
public final class RoomKeys {

    /** A room key, by its role; the Lua scripts' headers say what each holds. */
    public enum Key {
        ROOM("room"), TICKETS("tickets"), OWNERS("owners"), PRE_QUEUE("prequeue"), QUEUE("queue"), SEEN("seen"),
        STATE("state"), ADMITTED("admitted"), ACTIVE("active"), RESERVING("reserving"), CHECKOUTS("checkouts"),
        FIGURES("figures"), JOINED("joined");

        private final String suffix;

        Key(String suffix) {
            this.suffix = suffix;
        }

        public String of(SaleId saleId) {
            return "fs:{sale:" + saleId + "}:" + suffix;
        }
    }

    private RoomKeys() {
    }

    public static String room(SaleId saleId) {
        return Key.ROOM.of(saleId);
    }

    public static String preQueue(SaleId saleId) {
        return Key.PRE_QUEUE.of(saleId);
    }

    public static String queue(SaleId saleId) {
        return Key.QUEUE.of(saleId);
    }

    public static String admitted(SaleId saleId) {
        return Key.ADMITTED.of(saleId);
    }

    public static String active(SaleId saleId) {
        return Key.ACTIVE.of(saleId);
    }

    /** Every key of the sale's room. */
    public static List<String> all(SaleId saleId) {
        return Arrays.stream(Key.values()).map(key -> key.of(saleId)).toList();
    }
}
