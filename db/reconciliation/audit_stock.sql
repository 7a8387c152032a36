-- PostgreSQL audits itself: per shard of a SKU of a sale that is not closed, held and sold must
-- equal the sums of the live reservations on that shard. Every row returned is a bug.
SELECT sh.sku, sh.shard, sh.held, sh.sold,
       coalesce(r.held, 0) AS reserved_held,
       coalesce(r.sold, 0) AS reserved_sold
  FROM stock_shard sh
  JOIN sku_item i ON i.sku = sh.sku
  JOIN sale s ON s.id = i.sale_id AND s.status <> 'CLOSED'
  LEFT JOIN (SELECT sku, shard,
                    sum(qty) FILTER (WHERE status = 'HELD') AS held,
                    sum(qty) FILTER (WHERE status = 'CONFIRMED') AS sold
               FROM reservation
              GROUP BY sku, shard) r ON r.sku = sh.sku AND r.shard = sh.shard
 WHERE sh.held <> coalesce(r.held, 0)
    OR sh.sold <> coalesce(r.sold, 0)
 ORDER BY sh.sku, sh.shard
