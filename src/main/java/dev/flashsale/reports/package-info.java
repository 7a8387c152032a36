/**
 * After the sale: what it did, on one report (the funnel, its moments, per SKU and as a whole)
 * and as CSV files to take away, read from the reservations, the ledger and the audit trail that
 * the other components write ({@code db/reports/}), never kept apart from them.
 */
package dev.flashsale.reports;
