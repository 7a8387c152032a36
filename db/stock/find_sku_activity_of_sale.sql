-- The dashboard's table: per SKU of a sale its counts, and the units that came back by expiry
-- and by cancellation, from the ledger.
SELECT st.sku, st.shards, st.total, st.total - st.held - st.sold AS available, st.held, st.sold,
       coalesce(sum(m.qty) FILTER (WHERE m.kind = 'EXPIRE'), 0) AS expired,
       coalesce(sum(m.qty) FILTER (WHERE m.kind = 'CANCEL'), 0) AS cancelled
  FROM stock st
  LEFT JOIN stock_movement m ON m.sku = st.sku
 WHERE st.sale_id = :saleId
 GROUP BY st.sku, st.total, st.held, st.sold, st.shards
 ORDER BY st.sku
