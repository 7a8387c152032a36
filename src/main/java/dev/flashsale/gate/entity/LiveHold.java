package dev.flashsale.gate.entity;

import dev.flashsale.platform.id.IdempotencyKey;
import java.time.Instant;

/** A hold PostgreSQL still counts, as the gate records it: its key, its deadline and its units. */
public record LiveHold(IdempotencyKey key, Instant deadline, int units) {
}
