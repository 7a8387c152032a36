-- A sale's report, one row per SKU of the sale: its folded ledger (sku_report) and the entries not
-- folded yet, together as the ledger holds them in this transaction's snapshot. A hold paid late
-- under RECLAIM ran out and was paid, so it counts in both; still held is what neither ended. A unit
-- taken again is one held more often than the SKU has units (it came back and went to someone else).
WITH fold AS (
    SELECT folded_below FROM report_fold
), tail AS (
    SELECT t.* FROM fold, ledger_counts(fold.folded_below, 9223372036854775807) t
), counted AS (
    SELECT s.sku, s.total,
           coalesce(r.reservations, 0) + coalesce(t.reservations, 0) AS reservations,
           coalesce(r.confirmed, 0) + coalesce(t.confirmed, 0) AS confirmed,
           coalesce(r.reclaimed, 0) + coalesce(t.reclaimed, 0) AS reclaimed,
           coalesce(r.cancelled, 0) + coalesce(t.cancelled, 0) AS cancelled,
           coalesce(r.expired, 0) + coalesce(t.expired, 0) AS expired,
           coalesce(r.units_held, 0) + coalesce(t.units_held, 0) AS units_held,
           coalesce(r.units_returned, 0) + coalesce(t.units_returned, 0) AS units_returned,
           coalesce(r.units_sold, 0) + coalesce(t.units_sold, 0) AS units_sold,
           coalesce(r.units_taken, 0) + coalesce(t.units_taken, 0) AS units_taken,
           least(r.first_hold, t.first_hold) AS first_hold,
           coalesce(r.sold_out_at, t.sold_out_at) AS sold_out_at,
           greatest(r.last_payment, t.last_payment) AS last_payment
    FROM stock s
    LEFT JOIN sku_report r ON r.sku = s.sku
    LEFT JOIN tail t ON t.sku = s.sku
    WHERE s.sale_id = :saleId
)
SELECT sku, total, reservations, confirmed, cancelled, expired, units_held, units_returned, units_sold,
       reservations - confirmed - cancelled - expired + reclaimed AS held,
       greatest(0, units_taken - total) AS units_taken_again,
       first_hold, sold_out_at, last_payment
FROM counted
ORDER BY sku
