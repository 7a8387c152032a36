package dev.flashsale.sales.entity;

import dev.flashsale.platform.id.SaleId;

/** A sale became PAUSED; fired inside the transaction that paused it. */
public record SalePaused(SaleId saleId) {
}
