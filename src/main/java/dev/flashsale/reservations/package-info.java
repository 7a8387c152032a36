/**
 * Holds on units: reserve under an idempotency key, then HELD -> CONFIRMED | CANCELLED | EXPIRED,
 * each transition one conditional statement that moves the units with it (and counts them in or
 * out of the buyer's units in the sale, which the sale's cap per buyer bounds). The sweeper gives
 * back the units of holds whose time ran out.
 */
package dev.flashsale.reservations;
