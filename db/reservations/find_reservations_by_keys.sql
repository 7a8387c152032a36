-- The reservations already recorded under any of a group's idempotency keys, each in its storefront
-- key's space (:keys and :owners are array literals of equal length, one element per key): their
-- retries get the original reservation back.
SELECT id, owner, idempotency_key, sku, buyer_id, qty, status, created_at, expires_at, updated_at, extensions
  FROM reservation
 WHERE (idempotency_key, owner) IN (SELECT * FROM unnest(CAST(:keys AS varchar[]), CAST(:owners AS uuid[])))
