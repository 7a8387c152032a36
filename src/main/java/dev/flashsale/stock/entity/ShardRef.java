package dev.flashsale.stock.entity;

/** One stock row of a SKU: shard 0 to shards - 1. */
public record ShardRef(Sku sku, int shard) {
}
