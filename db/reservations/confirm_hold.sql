-- HELD -> CONFIRMED after payment; the units move from held to sold in the same statement.
-- Only a live hold qualifies, unless :acceptOverdue (late-payment policy RECLAIM): an overdue
-- hold the sweeper has not reached still has its units, so it may still be sold.
-- transitions = 0: the reservation is not (or no longer) a qualifying hold. A transition
-- without its stock row moving would break the ledger: the caller treats it as a fault.
WITH confirmed AS (
    UPDATE reservation
       SET status = 'CONFIRMED', updated_at = now()
     WHERE id = :id
       AND status = 'HELD'
       AND (expires_at > now() OR CAST(:acceptOverdue AS boolean))
    RETURNING id, sku, qty
), moved AS (
    UPDATE stock
       SET held = stock.held - confirmed.qty,
           sold = stock.sold + confirmed.qty
      FROM confirmed
     WHERE stock.sku = confirmed.sku
       AND stock.held >= confirmed.qty
    RETURNING stock.sku
), recorded AS (
    INSERT INTO stock_movement (reservation_id, sku, kind, qty, held_delta, sold_delta)
    SELECT id, sku, 'CONFIRM', qty, -qty, qty FROM confirmed
    RETURNING id
)
SELECT (SELECT count(*) FROM confirmed) AS transitions,
       (SELECT count(*) FROM moved) AS stock_rows
