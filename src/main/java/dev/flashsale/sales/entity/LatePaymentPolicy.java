package dev.flashsale.sales.entity;

/** What a payment that arrives after its hold expired gets. */
public enum LatePaymentPolicy {
    /** Refused with 409 hold-expired: the storefront refunds. The safe default. */
    REFUSE,
    /** Accepted if the units can be taken again (atomically, like a claim); refused otherwise. */
    RECLAIM
}
