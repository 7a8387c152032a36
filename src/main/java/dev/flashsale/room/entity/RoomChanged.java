package dev.flashsale.room.entity;

import java.util.UUID;

/** A sale's room was set or changed (fired inside the change's transaction). */
public record RoomChanged(UUID saleId) {
}
