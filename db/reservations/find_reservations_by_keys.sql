-- The reservations already recorded under any of a group's idempotency keys (:keys is a text
-- array literal): their retries get the original reservation back.
SELECT id, idempotency_key, sku, buyer_id, qty, status, created_at, expires_at, updated_at
  FROM reservation
 WHERE idempotency_key = ANY (CAST(:keys AS varchar[]))
