SELECT id, owner, idempotency_key, sku, buyer_id, qty, status, created_at, expires_at, updated_at, extensions
  FROM reservation
 WHERE id = :id
