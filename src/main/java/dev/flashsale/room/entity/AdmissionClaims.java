package dev.flashsale.room.entity;

import dev.flashsale.platform.id.BuyerId;
import dev.flashsale.platform.id.SaleId;

/** What an admission token says: this buyer, holding this ticket of this sale, may reserve until then. */
public record AdmissionClaims(SaleId saleId, String ticket, long expiresAtMillis, BuyerId buyerId) {
}
