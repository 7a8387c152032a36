/**
 * The ledger of units per SKU: total, held and sold, with available derived. Units are taken
 * only by the guarded UPDATE in db/stock/claim_units.sql; CHECK constraints make an oversold
 * or negative count impossible.
 */
package dev.flashsale.stock;
