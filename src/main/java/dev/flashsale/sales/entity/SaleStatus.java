package dev.flashsale.sales.entity;

/** DRAFT -> OPEN <-> PAUSED -> CLOSED; only an OPEN sale takes reservations. */
public enum SaleStatus {
    DRAFT, OPEN, PAUSED, CLOSED
}
