package dev.flashsale.room.control;

import java.util.Arrays;
import java.util.List;
import java.util.UUID;

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

        public String of(UUID saleId) {
            return "fs:{sale:" + saleId + "}:" + suffix;
        }
    }

    private RoomKeys() {
    }

    public static String room(UUID saleId) {
        return Key.ROOM.of(saleId);
    }

    public static String preQueue(UUID saleId) {
        return Key.PRE_QUEUE.of(saleId);
    }

    public static String queue(UUID saleId) {
        return Key.QUEUE.of(saleId);
    }

    public static String admitted(UUID saleId) {
        return Key.ADMITTED.of(saleId);
    }

    public static String active(UUID saleId) {
        return Key.ACTIVE.of(saleId);
    }

    /** Every key of the sale's room. */
    public static List<String> all(UUID saleId) {
        return Arrays.stream(Key.values()).map(key -> key.of(saleId)).toList();
    }
}
