package dev.flashsale.sales.entity;

import dev.flashsale.platform.id.SaleId;

/** A sale became OPEN; fired inside the transaction that opened it. */
public record SaleOpened(SaleId saleId) {
}
