-- A live hold waits longer for a payment in flight: HELD, not past its deadline, and with an
-- extension of its sale's allowance left, it gets min(:seconds, the sale's max_extension_seconds)
-- more (:seconds null: the sale's maximum) and counts the extension, in this one conditional
-- UPDATE; a sale with either setting 0 extends nothing. The ledger records the new deadline
-- (EXTEND moves no unit). Concurrent extensions of one hold queue on its row and each re-checks
-- the count, so together they never pass the allowance; a sweeper that locked the row first
-- expires it, one that comes after skips it (SKIP LOCKED) or finds it no longer overdue.
-- No row: nothing changed (the caller reads why).
WITH terms AS (
    SELECT r.id,
           LEAST(coalesce(CAST(:seconds AS integer), s.max_extension_seconds), s.max_extension_seconds) AS seconds,
           s.max_extensions
      FROM reservation r
      JOIN sku_item i ON i.sku = r.sku
      JOIN sale s ON s.id = i.sale_id
     WHERE r.id = :id
), extended AS (
    UPDATE reservation r
       SET expires_at = r.expires_at + make_interval(secs => t.seconds),
           extensions = r.extensions + 1,
           updated_at = now()
      FROM terms t
     WHERE r.id = t.id
       AND r.status = 'HELD'
       AND r.expires_at > now()
       AND r.extensions < t.max_extensions
       AND t.seconds > 0
    RETURNING r.id, r.owner, r.idempotency_key, r.sku, r.shard, r.buyer_id, r.qty, r.status, r.created_at, r.expires_at,
              r.updated_at, r.extensions
), recorded AS (
    INSERT INTO stock_movement (reservation_id, sku, shard, kind, qty, held_delta, sold_delta, extended_to)
    SELECT id, sku, shard, 'EXTEND', qty, 0, 0, expires_at FROM extended
    RETURNING id
)
SELECT e.id, e.owner, e.idempotency_key, e.sku, e.buyer_id, e.qty, e.status, e.created_at, e.expires_at, e.updated_at,
       e.extensions, (SELECT count(*) FROM recorded) AS recorded
  FROM extended e
