package dev.flashsale.webhooks.entity;

/** PENDING until a 2xx (DELIVERED) or until its round of attempts ran out (FAILED). */
public enum DeliveryStatus {
    PENDING, DELIVERED, FAILED
}
