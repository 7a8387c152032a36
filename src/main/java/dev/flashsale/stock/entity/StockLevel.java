package dev.flashsale.stock.entity;

import jakarta.json.bind.annotation.JsonbPropertyOrder;

/**
 * The counts of one SKU (the sums over its shards, the stock rows it is spread over). Held
 * units are shown apart from sold ones: a buyer who sees "available 0" with units held knows
 * that some may still come back.
 */
@JsonbPropertyOrder({"sku", "total", "available", "held", "sold", "shards"})
public record StockLevel(String sku, int total, int available, int held, int sold, int shards) {
}
