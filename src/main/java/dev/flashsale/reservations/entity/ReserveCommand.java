package dev.flashsale.reservations.entity;

import dev.flashsale.platform.id.BuyerId;
import dev.flashsale.platform.id.IdempotencyKey;
import dev.flashsale.stock.entity.Sku;

/**
 * A checked reserve request with its idempotency key, and the waiting room's ticket whose checked
 * admission token it showed ({@code admissionTicket}, null: none).
 */
public record ReserveCommand(IdempotencyKey key, Sku sku, BuyerId buyerId, int qty, String admissionTicket) {

    /** A request no room let through. */
    public ReserveCommand(IdempotencyKey key, Sku sku, BuyerId buyerId, int qty) {
        this(key, sku, buyerId, qty, null);
    }

    /** This request as let through by the room's {@code ticket} (null: by none). */
    public ReserveCommand admittedBy(String ticket) {
        return new ReserveCommand(key, sku, buyerId, qty, ticket);
    }
}
