/**
 * The waiting room of a sale (optional, per sale): buyers take queue tickets before the sale
 * opens; at the opening second a lottery orders the pre-queue at random (auditable: the SHA-256
 * of its seed is published before, the seed and the order after); later tickets queue behind in
 * arrival order. Whichever node answers a poll admits the next buyers, at the sale's rate and
 * never more admitted-but-not-reserved buyers than units available; an admitted buyer gets a
 * short-lived signed token that the reserve path checks ({@code boundary.AdmissionCheck}) before
 * any stock is asked for. A checkout that ends (a hold paid for, cancelled or expired, as the
 * reservations tell the gate with its events) frees its buyer's place for the next at once
 * ({@code boundary.CheckoutEnds}). Units that come back, announced on any node, and a token that
 * runs out unused step the room at once, so that the next waiting buyer is admitted within 2 s
 * ({@code boundary.ReturnedUnits}, {@code control.RoomSteps}). Tickets and polls are answered from Redis (keys hash-tagged by
 * sale) and this node's memory; PostgreSQL keeps the settings and the lottery record.
 */
package dev.flashsale.room;
