-- Gives back the units of up to :batchSize holds of :sku whose time ran out: HELD -> EXPIRED.
-- SKIP LOCKED lets several sweepers (several app nodes) and lazy reclaims share the work; the
-- status re-check in the UPDATE means a hold that was confirmed or cancelled meanwhile is left
-- alone. One SKU per statement, so concurrent sweepers never lock two stock rows in opposite order.
WITH overdue AS (
    SELECT id
      FROM reservation
     WHERE sku = :sku
       AND status = 'HELD'
       AND expires_at <= now()
     ORDER BY expires_at
     LIMIT :batchSize
       FOR UPDATE SKIP LOCKED
), expired AS (
    UPDATE reservation
       SET status = 'EXPIRED', updated_at = now()
      FROM overdue
     WHERE reservation.id = overdue.id
       AND reservation.status = 'HELD'
    RETURNING reservation.id, reservation.idempotency_key, reservation.sku, reservation.qty
), released AS (
    UPDATE stock
       SET held = stock.held - gone.units
      FROM (SELECT sku, sum(qty) AS units FROM expired GROUP BY sku) gone
     WHERE stock.sku = gone.sku
       AND stock.held >= gone.units
    RETURNING stock.sku
), recorded AS (
    INSERT INTO stock_movement (reservation_id, sku, kind, qty, held_delta, sold_delta)
    SELECT id, sku, 'EXPIRE', qty, -qty, 0 FROM expired
    RETURNING id
)
-- One row per expired hold (none when nothing was overdue), each with the number of stock rows
-- that took units back: the caller checks it is 1.
SELECT expired.idempotency_key, expired.qty, (SELECT count(*) FROM released) AS stock_rows
  FROM expired
