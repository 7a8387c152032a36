/**
 * The ledger of units per SKU: total, held and sold per stock row (shard), with available
 * derived and the SKU's counts only ever the sum. Every statement that moves units lives in
 * db/stock/: units are taken for new holds only by take_units.sql (and, for a late payment,
 * take_units_for_late_payment.sql), and come back only by return_units_of_cancelled_hold.sql and
 * return_units_of_overdue_holds.sql; each checks the sale with sku_on_sale(), the one OPEN guard.
 * CHECK constraints make an oversold or negative count impossible. Only this component loads
 * the statements of db/stock/ (ArchitectureTest checks it).
 * Stock depends on nothing but platform: other components call {@code boundary.StockLedger}
 * (counts, locks, totals) and {@code boundary.HoldUnits} (the units holds take and give back)
 * inside their own transaction.
 */
package dev.flashsale.stock;
