package dev.flashsale.gate.control;

import java.util.List;

/**
 * The names of a SKU's keys in Redis. All carry the SKU as hash tag ({@code {SKU}}), so that one
 * SKU's keys share a Redis Cluster slot and a script may touch them together.
 */
public final class GateKeys {

    private GateKeys() {
    }

    public static String counter(String sku) {
        return "fs:{" + sku + "}:available";
    }

    public static String soldOut(String sku) {
        return "fs:{" + sku + "}:sold-out";
    }

    public static String marker(String sku, String idempotencyKey) {
        return "fs:{" + sku + "}:hold:" + idempotencyKey;
    }

    /** When each live hold of the SKU ends: idempotency key scored by its deadline in epoch milliseconds. */
    public static String deadlines(String sku) {
        return "fs:{" + sku + "}:deadlines";
    }

    /** KEYS of reserve.lua and release.lua: counter, marker, sold-out flag, deadlines. */
    public static List<String> forKey(String sku, String idempotencyKey) {
        return List.of(counter(sku), marker(sku, idempotencyKey), soldOut(sku), deadlines(sku));
    }
}
