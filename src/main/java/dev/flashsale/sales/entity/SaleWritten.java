package dev.flashsale.sales.entity;

import dev.flashsale.platform.id.SaleId;

/**
 * A sale was created or changed by a merchandiser, its SKUs and units with it; {@code live} when
 * it is OPEN or PAUSED, so that what the gate keeps of it follows. Fired inside the transaction
 * that did it.
 */
public record SaleWritten(SaleId saleId, boolean live) {
}
