-- The console's and the admin API's reservation search: each criterion left empty matches
-- everything; newest first (or, :oldestFirst, oldest first), a page of :limit from :offset, each
-- row with how many the search finds in all (total; a page past the last has no row to say it).
-- Every storefront key's reservations: an idempotency key may find one per storefront key.
SELECT id, owner, idempotency_key, sku, buyer_id, qty, status, created_at, expires_at, updated_at, extensions,
       count(*) OVER () AS total
  FROM reservation
 WHERE (:idempotencyKey = '' OR idempotency_key = :idempotencyKey)
   AND (:buyerId = '' OR buyer_id = :buyerId)
   AND (:status = '' OR status = :status)
   AND (:sku = '' OR sku = :sku)
   AND (:saleId = '' OR sku IN (SELECT i.sku FROM sku_item i WHERE i.sale_id::text = :saleId))
 ORDER BY CASE WHEN :oldestFirst THEN created_at END, CASE WHEN NOT :oldestFirst THEN created_at END DESC, id
 LIMIT :limit OFFSET :offset
