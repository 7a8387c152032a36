package dev.flashsale.gate.entity;

import jakarta.json.bind.annotation.JsonbPropertyOrder;

/** A counter set from PostgreSQL: its value before ({@code null}: not loaded) and now. */
@JsonbPropertyOrder({"sku", "before", "available"})
public record CounterRebuilt(String sku, Long before, int available) {
}
