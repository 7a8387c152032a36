-- A SKU's counts with the terms of its sale. Only a hint for the reserve path: the guarded
-- UPDATE in db/stock/take_units.sql alone decides whether units exist.
SELECT st.sku, st.shards, st.total, st.total - st.held - st.sold AS available, st.held, st.sold,
       s.id AS sale_id, s.status, s.hold_seconds, s.max_per_order, s.max_per_buyer, s.late_payment,
       s.starts_at, s.ends_at,
       (s.starts_at IS NULL OR s.starts_at <= now()) AND (s.ends_at IS NULL OR now() < s.ends_at) AS in_window,
       EXISTS (SELECT 1 FROM sale_room r WHERE r.sale_id = s.id AND r.enabled) AS room_on
  FROM stock st
  JOIN sale s ON s.id = st.sale_id
 WHERE st.sku = :sku
