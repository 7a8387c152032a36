-- Takes :qty units of :sku for reservation :reservationId, if and only if that many are
-- available and the sale is open. The check and the take are one statement: under READ
-- COMMITTED a concurrent claim waits for the row lock and re-checks the WHERE on the new row.
-- The ledger row is written in the same statement, so the lock is not held a round trip longer.
-- Zero back means sold out: an answer, not an error.
WITH claimed AS (
    UPDATE stock
       SET held = held + CAST(:qty AS integer)
     WHERE sku = :sku
       AND total - held - sold >= CAST(:qty AS integer)
       AND EXISTS (SELECT 1 FROM sale WHERE sale.id = stock.sale_id AND sale.status = 'OPEN')
    RETURNING sku
), recorded AS (
    INSERT INTO stock_movement (reservation_id, sku, kind, qty, held_delta, sold_delta)
    SELECT CAST(:reservationId AS uuid), sku, 'CLAIM', CAST(:qty AS integer), CAST(:qty AS integer), 0
      FROM claimed
    RETURNING id
)
SELECT count(*) AS claimed FROM recorded
