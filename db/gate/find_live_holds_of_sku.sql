-- The SKU's holds that still count, with their deadlines: what the gate's deadlines are built from.
SELECT idempotency_key, expires_at
  FROM reservation
 WHERE sku = :sku
   AND status = 'HELD'
