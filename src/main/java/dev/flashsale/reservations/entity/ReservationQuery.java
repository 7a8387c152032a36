package dev.flashsale.reservations.entity;

/** What the console searches reservations by; a blank criterion matches everything. */
public record ReservationQuery(String idempotencyKey, String buyerId, ReservationStatus status, String sku) {

    public static String orEmpty(String criterion) {
        return criterion == null ? "" : criterion.strip();
    }
}
