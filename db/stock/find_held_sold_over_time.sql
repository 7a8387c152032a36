-- Held and sold units of a sale over time, from the ledger: the sale's movements cut into at
-- most :points equal time buckets, with the running sums at the end of each.
WITH movements AS (
    SELECT m.at, m.held_delta, m.sold_delta
      FROM stock_movement m
      JOIN stock st ON st.sku = m.sku
     WHERE st.sale_id = :saleId
), span AS (
    SELECT min(at) AS first_at,
           greatest(1, ceil(extract(epoch FROM max(at) - min(at)) / :points)) AS stride_seconds
      FROM movements
), buckets AS (
    SELECT date_bin(make_interval(secs => span.stride_seconds), mv.at, span.first_at) AS bucket,
           sum(mv.held_delta) AS held_delta, sum(mv.sold_delta) AS sold_delta, max(span.stride_seconds) AS stride_seconds
      FROM movements mv CROSS JOIN span
     GROUP BY 1
)
SELECT bucket + make_interval(secs => stride_seconds) AS at,
       sum(held_delta) OVER (ORDER BY bucket) AS held,
       sum(sold_delta) OVER (ORDER BY bucket) AS sold
  FROM buckets
 ORDER BY bucket
