-- A sale's report, one row per SKU of the sale: its reservations, its holds paid, cancelled and
-- run out as the ledger recorded them (a hold paid late under RECLAIM ran out and was paid), its
-- units as the ledger moved them, and its moments. A unit taken again is one held more often than the SKU has
-- units (it came back and went to someone else). Sold out is the first ledger entry after which
-- held + sold reached the SKU's units as they are now (entries in the order they were written).
WITH items AS (
    SELECT sku, total FROM stock WHERE sale_id = :saleId
), bookings AS (
    SELECT r.sku,
           count(*) AS reservations,
           count(DISTINCT (r.owner, r.buyer_id)) AS buyers,
           count(*) FILTER (WHERE r.status = 'HELD') AS held,
           min(r.created_at) AS first_hold
    FROM reservation r JOIN items i ON i.sku = r.sku
    GROUP BY r.sku
), moves AS (
    SELECT m.sku,
           count(*) FILTER (WHERE m.kind IN ('CONFIRM', 'RECLAIM')) AS confirmed,
           count(*) FILTER (WHERE m.kind = 'CANCEL') AS cancelled,
           count(*) FILTER (WHERE m.kind = 'EXPIRE') AS expired,
           coalesce(sum(m.qty) FILTER (WHERE m.kind = 'CLAIM'), 0) AS units_held,
           coalesce(sum(m.qty) FILTER (WHERE m.kind IN ('CANCEL', 'EXPIRE')), 0) AS units_returned,
           coalesce(sum(m.sold_delta), 0) AS units_sold,
           coalesce(sum(m.qty) FILTER (WHERE m.kind IN ('CLAIM', 'RECLAIM')), 0) AS units_taken,
           max(m.at) FILTER (WHERE m.kind IN ('CONFIRM', 'RECLAIM')) AS last_payment
    FROM stock_movement m JOIN items i ON i.sku = m.sku
    GROUP BY m.sku
), running AS (
    SELECT m.sku, m.at, i.total,
           sum(m.held_delta + m.sold_delta) OVER (PARTITION BY m.sku ORDER BY m.id) AS taken
    FROM stock_movement m JOIN items i ON i.sku = m.sku
), sold_out AS (
    SELECT sku, min(at) AS sold_out_at FROM running WHERE total > 0 AND taken >= total GROUP BY sku
)
SELECT i.sku, i.total,
       coalesce(b.reservations, 0) AS reservations, coalesce(b.buyers, 0) AS buyers,
       coalesce(b.held, 0) AS held, coalesce(m.confirmed, 0) AS confirmed,
       coalesce(m.cancelled, 0) AS cancelled, coalesce(m.expired, 0) AS expired,
       coalesce(m.units_held, 0) AS units_held, coalesce(m.units_returned, 0) AS units_returned,
       coalesce(m.units_sold, 0) AS units_sold,
       greatest(0, coalesce(m.units_taken, 0) - i.total) AS units_taken_again,
       b.first_hold, s.sold_out_at, m.last_payment
FROM items i
LEFT JOIN bookings b ON b.sku = i.sku
LEFT JOIN moves m ON m.sku = i.sku
LEFT JOIN sold_out s ON s.sku = i.sku
ORDER BY i.sku
