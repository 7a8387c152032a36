package dev.flashsale.sales.entity;

import dev.flashsale.platform.id.SaleId;

/** A live sale's units were changed by a merchandiser; fired inside the transaction that did it. */
public record SaleStockChanged(SaleId saleId) {
}
