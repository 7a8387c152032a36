-- The SKU's holds that still count, with their deadlines: the gate's record of when they end.
SELECT idempotency_key, expires_at
  FROM reservation
 WHERE sku = :sku
   AND status = 'HELD'
