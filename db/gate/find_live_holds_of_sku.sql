-- The SKU's holds that still count, with their deadlines and units: what the gate's record of
-- live holds (their deadlines and markers, under each hold's key qualified by its owner) is built from.
SELECT owner, idempotency_key, expires_at, qty
  FROM reservation
 WHERE sku = :sku
   AND status = 'HELD'
