package dev.flashsale.stock.entity;

/** One stock row of a SKU, locked by the reader: its units and how many of them are free. */
public record ShardFree(int shard, int total, int free) {
}
