-- Up to :batch holds that run out within :seconds and were not announced for their deadline yet,
-- soonest first: recorded as announced (hold_expiring_notice) and answered. Nodes announcing at
-- once announce each deadline once: the second insert of the same pair waits for the first and
-- skips it (ON CONFLICT). A hold whose deadline moved later is announced again for the new one.
WITH soon AS (
    SELECT r.id, r.expires_at
      FROM reservation r
     WHERE r.status = 'HELD'
       AND r.expires_at > now()
       AND r.expires_at <= now() + CAST(:seconds AS integer) * interval '1 second'
       AND NOT EXISTS (SELECT 1 FROM hold_expiring_notice n WHERE n.reservation_id = r.id AND n.expires_at = r.expires_at)
     ORDER BY r.expires_at
     LIMIT :batch
), noticed AS (
    INSERT INTO hold_expiring_notice (reservation_id, expires_at)
    SELECT id, expires_at FROM soon
        ON CONFLICT DO NOTHING
    RETURNING reservation_id
)
SELECT r.id, r.owner, r.idempotency_key, r.sku, r.buyer_id, r.qty, r.status, r.created_at, r.expires_at, r.updated_at, r.extensions
  FROM noticed n
  JOIN reservation r ON r.id = n.reservation_id
