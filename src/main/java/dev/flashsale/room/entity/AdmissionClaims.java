package dev.flashsale.room.entity;

import java.util.UUID;

/** What an admission token says: this buyer, holding this ticket of this sale, may reserve until then. */
public record AdmissionClaims(UUID saleId, String ticket, long expiresAtMillis, String buyerId) {
}
