-- The SKUs buyers can meet now (their sale is OPEN or PAUSED), with their counts.
SELECT st.sku, st.shards, st.total, st.total - st.held - st.sold AS available, st.held, st.sold
  FROM stock st
  JOIN sale s ON s.id = st.sale_id
 WHERE s.status IN ('OPEN', 'PAUSED')
 ORDER BY st.sku
