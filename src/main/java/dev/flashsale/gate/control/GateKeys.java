package dev.flashsale.gate.control;

import dev.flashsale.platform.id.IdempotencyKey;
import dev.flashsale.platform.redis.Announcements;
import dev.flashsale.stock.entity.Sku;
import java.util.List;

/**
 * The names of a SKU's keys in Redis. All carry the SKU as hash tag ({@code {SKU}}), so that one
 * SKU's keys share a Redis Cluster slot and a script may touch them together.
 */
public final class GateKeys {

    private GateKeys() {
    }

    public static String counter(Sku sku) {
        return "fs:{" + sku.value() + "}:available";
    }

    public static String soldOut(Sku sku) {
        return "fs:{" + sku.value() + "}:sold-out";
    }

    /** The units a hold took at the gate, under its key qualified by its owner ({@link IdempotencyKey#qualified()}). */
    public static String marker(Sku sku, IdempotencyKey idempotencyKey) {
        return "fs:{" + sku.value() + "}:hold:" + idempotencyKey.qualified();
    }

    /** When each live hold of the SKU ends: qualified idempotency key scored by its deadline in epoch milliseconds. */
    public static String deadlines(Sku sku) {
        return "fs:{" + sku.value() + "}:deadlines";
    }

    /** The qualified idempotency keys that hold units of the SKU (a set). */
    public static String holders(Sku sku) {
        return "fs:{" + sku.value() + "}:holders";
    }

    /**
     * The sale's window is not open yet: while it lives, the gate refuses without taking units
     * (set and expired by lua/load_counter.lua, read by lua/reserve.lua).
     */
    public static String notOpen(Sku sku) {
        return "fs:{" + sku.value() + "}:not-open";
    }

    /** The channel on which units given back to a counter are announced (the message: the SKU). */
    public static final String UNITS_BACK = Announcements.UNITS_BACK;

    /** KEYS of extend_hold.lua: deadlines, marker, holders. */
    public static List<String> forExtension(Sku sku, IdempotencyKey idempotencyKey) {
        return List.of(deadlines(sku), marker(sku, idempotencyKey), holders(sku));
    }

    /**
     * KEYS of reserve.lua, release.lua and release_sold_out.lua: counter, marker, sold-out flag,
     * deadlines, holders, and the not-open mark (which only reserve.lua reads).
     */
    public static List<String> forKey(Sku sku, IdempotencyKey idempotencyKey) {
        return List.of(counter(sku), marker(sku, idempotencyKey), soldOut(sku), deadlines(sku), holders(sku), notOpen(sku));
    }
}
