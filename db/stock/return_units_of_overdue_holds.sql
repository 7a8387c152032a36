-- Gives back the units of up to :batchSize holds on shard :shard of :sku whose time ran out:
-- HELD -> EXPIRED, and counts them out of their buyers' units in the sale. SKIP LOCKED lets
-- several sweepers (several app nodes) and lazy reclaims share the work; the status re-check in the UPDATE means a hold that was confirmed or cancelled
-- meanwhile is left alone. One shard row per statement, taken in shard order by the caller, so
-- concurrent sweepers never lock two stock rows in opposite order.
WITH overdue AS (
    SELECT id
      FROM reservation
     WHERE sku = :sku
       AND shard = CAST(:shard AS smallint)
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
    RETURNING reservation.id, reservation.owner, reservation.idempotency_key, reservation.sku, reservation.shard, reservation.qty,
              reservation.buyer_id
), released AS (
    UPDATE stock_shard
       SET held = stock_shard.held - gone.units
      FROM (SELECT sku, shard, sum(qty) AS units FROM expired GROUP BY sku, shard) gone
     WHERE stock_shard.sku = gone.sku
       AND stock_shard.shard = gone.shard
       AND stock_shard.held >= gone.units
    RETURNING stock_shard.sku
), recorded AS (
    INSERT INTO stock_movement (reservation_id, sku, shard, kind, qty, held_delta, sold_delta)
    SELECT id, sku, shard, 'EXPIRE', qty, -qty, 0 FROM expired
    RETURNING id
), buyers AS (
    -- The expired holds' buyers, locked in (owner, buyer) order (the order every statement locks them in).
    SELECT b.sale_id, b.owner, b.buyer_id, gone.units
      FROM buyer_units b
      JOIN (SELECT i.sale_id, e.owner, e.buyer_id, sum(e.qty) AS units
              FROM expired e
              JOIN sku_item i ON i.sku = e.sku
             GROUP BY i.sale_id, e.owner, e.buyer_id) gone
        ON b.sale_id = gone.sale_id AND b.owner = gone.owner AND b.buyer_id = gone.buyer_id
     ORDER BY b.owner, b.buyer_id
       FOR UPDATE OF b
), uncounted AS (
    UPDATE buyer_units b
       SET units = b.units - buyers.units
      FROM buyers
     WHERE b.sale_id = buyers.sale_id
       AND b.owner = buyers.owner
       AND b.buyer_id = buyers.buyer_id
    RETURNING b.buyer_id
)
-- One row per expired hold (none when nothing was overdue), each with the number of stock rows
-- that took units back: the caller checks it is 1.
SELECT expired.id, expired.owner, expired.idempotency_key, expired.buyer_id, expired.qty,
       (SELECT count(*) FROM released) AS stock_rows
  FROM expired
