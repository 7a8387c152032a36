package dev.flashsale.stock.entity;

import dev.flashsale.platform.id.IdempotencyKey;
import java.util.UUID;

/**
 * A hold to place while its units are taken: its id, idempotency key, buyer and units, and the
 * waiting room's ticket whose checked admission token its request showed (null: none). The buyer
 * is the reservations component's checked id, as the text the ledger stores.
 */
public record NewHold(UUID id, IdempotencyKey key, String buyerId, int qty, String admissionTicket) {
}
