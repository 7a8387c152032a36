package dev.flashsale.sales.entity;

import dev.flashsale.platform.id.SaleId;

/** A sale was created or changed by a merchandiser, its SKUs with it; fired inside the transaction that did it. */
public record SaleWritten(SaleId saleId) {
}
