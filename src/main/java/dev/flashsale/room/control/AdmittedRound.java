package dev.flashsale.room.control;

import dev.flashsale.platform.id.SaleId;
import dev.flashsale.room.entity.Stepped;

/** One round of a sale's room that admitted buyers, its events still to be written. */
record AdmittedRound(SaleId saleId, Stepped stepped) {
}
