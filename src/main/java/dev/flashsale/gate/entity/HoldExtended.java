package dev.flashsale.gate.entity;

import dev.flashsale.platform.id.IdempotencyKey;
import dev.flashsale.stock.entity.Sku;
import java.time.Instant;

/** A hold's deadline moved later (an extension); fired inside the transaction that moved it. */
public record HoldExtended(Sku sku, IdempotencyKey idempotencyKey, Instant deadline) {
}
