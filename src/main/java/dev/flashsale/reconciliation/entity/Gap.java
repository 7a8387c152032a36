package dev.flashsale.reconciliation.entity;

import jakarta.json.bind.annotation.JsonbPropertyOrder;
import java.time.Instant;

/**
 * One disagreement found by a run. {@code postgresValue} is PostgreSQL's figure (available units,
 * or a held count), {@code otherValue} the one that disagreed (the Redis counter, or the sum of
 * the reservations).
 */
@JsonbPropertyOrder({"sku", "kind", "action", "postgresValue", "otherValue", "detail", "foundAt"})
public record Gap(String sku, GapKind kind, GapAction action, int postgresValue, int otherValue, String detail,
                  Instant foundAt) {
}
