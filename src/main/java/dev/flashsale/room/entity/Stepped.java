package dev.flashsale.room.entity;

/**
 * What one round of a room's admission did: the buyers it admitted, and when the first token of
 * an active buyer runs out (epoch ms, Redis' clock; 0: no active buyer), the moment that buyer's
 * place, and its unit if it has not reserved, pass to the next.
 */
public record Stepped(long admitted, long nextTokenExpiryMillis) {
}
