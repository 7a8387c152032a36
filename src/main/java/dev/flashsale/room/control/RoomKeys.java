package dev.flashsale.room.control;

import java.util.List;
import java.util.UUID;

/**
 * The names of a sale's room keys in Redis. All carry the sale as hash tag ({@code {sale:<id>}}),
 * so that one room's keys share a Redis Cluster slot and each room script touches them together.
 * Every room script takes the same eleven keys, in this order (documented in lua/room_batch.lua).
 */
public final class RoomKeys {

    private RoomKeys() {
    }

    public static String room(UUID saleId) {
        return prefix(saleId) + "room";
    }

    public static String preQueue(UUID saleId) {
        return prefix(saleId) + "prequeue";
    }

    public static String queue(UUID saleId) {
        return prefix(saleId) + "queue";
    }

    public static String admitted(UUID saleId) {
        return prefix(saleId) + "admitted";
    }

    public static String reserving(UUID saleId) {
        return prefix(saleId) + "reserving";
    }

    public static String active(UUID saleId) {
        return prefix(saleId) + "active";
    }

    public static List<String> all(UUID saleId) {
        String prefix = prefix(saleId);
        return List.of(prefix + "room", prefix + "tickets", prefix + "owners", prefix + "prequeue", prefix + "queue",
                prefix + "seen", prefix + "state", prefix + "admitted", prefix + "active", prefix + "reserving",
                prefix + "checkouts");
    }

    private static String prefix(UUID saleId) {
        return "fs:{sale:" + saleId + "}:";
    }
}
