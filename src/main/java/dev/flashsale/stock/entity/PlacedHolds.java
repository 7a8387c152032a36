package dev.flashsale.stock.entity;

import java.util.List;

/**
 * What one take of units placed: the holds recorded (a key that another transaction recorded
 * meanwhile is missing), each as the caller reads a reservation row, and whether every buyer's
 * units were counted under the sale's cap. Either shortfall means the units were taken for holds
 * that must not stand: the caller rolls the transaction back.
 */
public record PlacedHolds<H>(List<H> holds, boolean everyBuyerCounted) {
}
