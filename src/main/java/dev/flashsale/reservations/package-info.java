/**
 * Holds on units: reserve under an idempotency key, then HELD -> CONFIRMED | CANCELLED | EXPIRED,
 * each transition one conditional statement that moves the units with it. The sweeper gives
 * back the units of holds whose time ran out.
 */
package dev.flashsale.reservations;
