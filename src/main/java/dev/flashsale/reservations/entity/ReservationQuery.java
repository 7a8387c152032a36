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
public record ReservationQuery(String idempotencyKey, BuyerId buyerId, ReservationStatus status, String sku, SaleId saleId) {

    public ReservationQuery {
        idempotencyKey = checked(idempotencyKey, IdempotencyKey::checked);
        sku = checked(sku, text -> new Sku(text).value());
    }

    /** The criteria as typed, of any sale. */
    public static ReservationQuery of(String idempotencyKey, String buyerId, ReservationStatus status, String sku) {
        return of(idempotencyKey, buyerId, status, sku, null);
    }

    /** The criteria as typed; each is refused in the order given. */
    public static ReservationQuery of(String idempotencyKey, String buyerId, ReservationStatus status, String sku, SaleId saleId) {
        String key = checked(idempotencyKey, IdempotencyKey::checked);
        return new ReservationQuery(key, checked(buyerId, BuyerId::new), status, sku, saleId);
    }

    public static String orEmpty(String criterion) {
        return criterion == null ? "" : criterion;
    }

    private static <T> T checked(String criterion, Function<String, T> identifier) {
        if (criterion == null || criterion.isBlank()) {
            return null;
        }
        return identifier.apply(criterion.strip());
    }
}
