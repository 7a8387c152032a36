package dev.flashsale.stock.entity;

import java.util.List;

/**
 * What one take of units placed: the holds recorded (a key that another transaction recorded
 * meanwhile is missing), each as the caller reads a reservation row, whether every buyer's units
 * were counted under the sale's cap, and whether every admission ticket shown bought its first
 * checkout. Any shortfall means the units were taken for holds that must not stand: the caller
 * rolls the transaction back.
 */
public record PlacedHolds<H>(List<H> holds, boolean everyBuyerCounted, boolean everyTicketFirstUse) {
}
