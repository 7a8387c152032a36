package dev.flashsale.reservations.entity;

import dev.flashsale.platform.id.SaleId;
import dev.flashsale.platform.id.BuyerId;
import dev.flashsale.platform.id.IdempotencyKey;
import dev.flashsale.stock.entity.Sku;
import java.util.function.Function;

/**
 * What the console and the admin API search reservations by; a blank criterion (or no sale)
 * matches everything, and one given must be a valid identifier of its kind (else 400, before any
 * query).
 */
public record ReservationQuery(String idempotencyKey, String buyerId, ReservationStatus status, String sku, SaleId saleId) {

    /** The criteria of any sale. */
    public ReservationQuery(String idempotencyKey, String buyerId, ReservationStatus status, String sku) {
        this(idempotencyKey, buyerId, status, sku, null);
    }

    public ReservationQuery {
        idempotencyKey = checked(idempotencyKey, IdempotencyKey::checked);
        buyerId = checked(buyerId, BuyerId::new);
        sku = checked(sku, Sku::new);
    }

    public static String orEmpty(String criterion) {
        return criterion == null ? "" : criterion;
    }

    private static String checked(String criterion, Function<String, ?> identifier) {
        if (criterion == null || criterion.isBlank()) {
            return null;
        }
        return identifier.apply(criterion.strip()).toString();
    }
}
