package dev.flashsale.sales.entity;

import java.util.UUID;

/** A live sale's units were changed by a merchandiser; fired inside the transaction that did it. */
public record SaleStockChanged(UUID saleId) {
}
