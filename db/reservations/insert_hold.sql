-- The first step of a reserve: record the attempt under its idempotency key. No row back
-- means the key is already taken (a retry, or a concurrent duplicate that committed first).
INSERT INTO reservation (id, idempotency_key, sku, buyer_id, qty, status, expires_at)
VALUES (:id, :idempotencyKey, :sku, :buyerId, :qty, 'HELD',
        now() + CAST(:holdSeconds AS integer) * interval '1 second')
ON CONFLICT (idempotency_key) DO NOTHING
RETURNING id, idempotency_key, sku, buyer_id, qty, status, created_at, expires_at, updated_at
