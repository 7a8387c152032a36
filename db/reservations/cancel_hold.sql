-- HELD -> CANCELLED by the buyer; the units go back to available in the same statement.
WITH cancelled AS (
    UPDATE reservation
       SET status = 'CANCELLED', updated_at = now()
     WHERE id = :id
       AND status = 'HELD'
    RETURNING id, sku, qty
), released AS (
    UPDATE stock
       SET held = stock.held - cancelled.qty
      FROM cancelled
     WHERE stock.sku = cancelled.sku
       AND stock.held >= cancelled.qty
    RETURNING stock.sku
), recorded AS (
    INSERT INTO stock_movement (reservation_id, sku, kind, qty, held_delta, sold_delta)
    SELECT id, sku, 'CANCEL', qty, -qty, 0 FROM cancelled
    RETURNING id
)
SELECT (SELECT count(*) FROM cancelled) AS transitions,
       (SELECT count(*) FROM released) AS stock_rows
