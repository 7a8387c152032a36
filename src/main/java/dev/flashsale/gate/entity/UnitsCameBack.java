package dev.flashsale.gate.entity;

import dev.flashsale.stock.entity.Sku;

/**
 * Units came back to a SKU on some node (a hold cancelled or expired, a counter given units by
 * reconciliation), as this node heard it announced in Redis; fired on the listener's thread, so
 * an observer hands any slow work on.
 */
public record UnitsCameBack(Sku sku) {
}
