package dev.flashsale.gate.entity;

import dev.flashsale.platform.id.IdempotencyKey;
import dev.flashsale.stock.entity.Sku;

/**
 * A hold's {@code units} went back on sale (cancelled or expired); fired inside the transaction
 * that did it, once per hold. Holds that one statement gives back together (a sweeper's batch of
 * one stock row) are a batch: {@code batchUnits} is the units of the whole batch on its first
 * hold's event and 0 on the others', so that whoever counts returns counts a batch's units at
 * once, before anything the first hold's return starts (a waiting room's step of admission) can
 * find them all free.
 */
public record UnitsReturned(Sku sku, IdempotencyKey idempotencyKey, int units, int batchUnits) {

    /** One hold's return, a batch of its own. */
    public static UnitsReturned alone(Sku sku, IdempotencyKey idempotencyKey, int units) {
        return new UnitsReturned(sku, idempotencyKey, units, units);
    }
}
