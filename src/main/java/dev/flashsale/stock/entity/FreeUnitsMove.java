package dev.flashsale.stock.entity;

/** Free units to move from one stock row of a SKU to another (the SKU's total stays the same). */
public record FreeUnitsMove(int fromShard, int toShard, int units) {
}
