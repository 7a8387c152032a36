package dev.flashsale.room.entity;

import dev.flashsale.platform.id.SaleId;

/** A sale's room was set or changed (fired inside the change's transaction). */
public record RoomChanged(SaleId saleId) {
}
