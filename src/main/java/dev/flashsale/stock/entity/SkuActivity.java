package dev.flashsale.stock.entity;

import jakarta.json.bind.annotation.JsonbPropertyOrder;

/** A SKU's counts with the units that came back: by holds that expired and by cancellations. */
@JsonbPropertyOrder({"sku", "total", "available", "held", "sold", "expired", "cancelled"})
public record SkuActivity(String sku, int total, int available, int held, int sold, long expired, long cancelled) {
}
