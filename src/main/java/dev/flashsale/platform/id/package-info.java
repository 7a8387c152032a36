/**
 * Identifiers that more than one component carries (the storefront's idempotency key travels
 * from the reservations through the gate into its Redis keys). Each validates itself, so that a
 * value of the type is always a valid one, down to the SQL parameter or the Redis key.
 */
package dev.flashsale.platform.id;
