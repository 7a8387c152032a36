-- HELD -> CONFIRMED after payment; the units move from held to sold on the hold's shard in the
-- same statement. Only a live hold qualifies, unless :acceptOverdue (late-payment policy
-- RECLAIM): an overdue hold the sweeper has not reached still has its units, so it may still be sold.
-- transitions = 0: the reservation is not (or no longer) a qualifying hold. A transition
-- without its stock row moving would break the ledger: the caller treats it as a fault.
WITH confirmed AS (
    UPDATE reservation
       SET status = 'CONFIRMED', updated_at = now()
     WHERE id = :id
       AND status = 'HELD'
       AND (expires_at > now() OR CAST(:acceptOverdue AS boolean))
    RETURNING id, sku, shard, qty
), moved AS (
    UPDATE stock_shard
       SET held = stock_shard.held - confirmed.qty,
           sold = stock_shard.sold + confirmed.qty
      FROM confirmed
     WHERE stock_shard.sku = confirmed.sku
       AND stock_shard.shard = confirmed.shard
       AND stock_shard.held >= confirmed.qty
    RETURNING stock_shard.sku
), recorded AS (
    INSERT INTO stock_movement (reservation_id, sku, shard, kind, qty, held_delta, sold_delta)
    SELECT id, sku, shard, 'CONFIRM', qty, -qty, qty FROM confirmed
    RETURNING id
)
SELECT (SELECT count(*) FROM confirmed) AS transitions,
       (SELECT count(*) FROM moved) AS stock_rows
