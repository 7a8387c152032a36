package dev.flashsale.sales.entity;

import java.util.UUID;

/** A sale became OPEN; fired inside the transaction that opened it. */
public record SaleOpened(UUID saleId) {
}
