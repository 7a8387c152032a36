/**
 * The ledger of units per SKU, spread over one or more stock rows (shards): total, held and
 * sold, with available derived. Units are taken only by guarded UPDATEs (db/stock/claim_units*.sql,
 * and the group claim of the reservations); CHECK constraints make an oversold or negative count
 * impossible. Stock depends on nothing but platform: other components call
 * {@code boundary.StockLedger} inside their own transaction.
 */
package dev.flashsale.stock;
