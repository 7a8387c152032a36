-- The console's reservation search: each criterion left empty matches everything; newest first.
-- Every storefront key's reservations: an idempotency key may find one per storefront key.
SELECT id, owner, idempotency_key, sku, buyer_id, qty, status, created_at, expires_at, updated_at, extensions
  FROM reservation
 WHERE (:idempotencyKey = '' OR idempotency_key = :idempotencyKey)
   AND (:buyerId = '' OR buyer_id = :buyerId)
   AND (:status = '' OR status = :status)
   AND (:sku = '' OR sku = :sku)
 ORDER BY created_at DESC
 LIMIT :limit
