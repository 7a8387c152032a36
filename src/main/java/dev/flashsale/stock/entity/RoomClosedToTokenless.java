package dev.flashsale.stock.entity;

/**
 * A take refused whole because the SKU's sale has its waiting room on and one of the holds came
 * without a checked admission token (db/stock/take_units.sql): nothing was taken. The room was
 * switched on, or the SKU joined a sale with its room on, after the caller read the sale's terms.
 */
public class RoomClosedToTokenless extends RuntimeException {

    public RoomClosedToTokenless(Sku sku) {
        super("The sale of " + sku.value() + " has its waiting room on: a hold without an admission token was refused",
                null, false, false);
    }
}
