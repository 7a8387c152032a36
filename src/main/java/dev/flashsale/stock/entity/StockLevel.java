package dev.flashsale.stock.entity;

import jakarta.json.bind.annotation.JsonbPropertyOrder;

/**
 * The counts of one SKU. Held units are shown apart from sold ones: a buyer who sees
 * "available 0" with units held knows that some may still come back.
 */
@JsonbPropertyOrder({"sku", "total", "available", "held", "sold"})
public record StockLevel(String sku, int total, int available, int held, int sold) {
}
