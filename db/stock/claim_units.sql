-- Takes :qty units of :sku from its shard :shard for reservation :reservationId, if and only if
-- that many are available there and the sale is open. The check and the take are one statement:
-- under READ COMMITTED a concurrent claim waits for the row lock and re-checks the WHERE on the
-- new row. The reservation learns its shard, and the ledger row is written, in the same
-- statement, so the lock is not held a round trip longer.
-- Zero back means this shard has not enough: try the next one (an answer, not an error).
WITH claimed AS (
    UPDATE stock_shard
       SET held = held + CAST(:qty AS integer)
     WHERE sku = :sku
       AND shard = CAST(:shard AS smallint)
       AND total - held - sold >= CAST(:qty AS integer)
       AND EXISTS (SELECT 1
                     FROM sku_item i
                     JOIN sale ON sale.id = i.sale_id
                    WHERE i.sku = stock_shard.sku AND sale.status = 'OPEN')
    RETURNING sku, shard
), placed AS (
    UPDATE reservation
       SET shard = claimed.shard
      FROM claimed
     WHERE reservation.id = CAST(:reservationId AS uuid)
       AND reservation.shard <> claimed.shard
    RETURNING reservation.id
), recorded AS (
    INSERT INTO stock_movement (reservation_id, sku, shard, kind, qty, held_delta, sold_delta)
    SELECT CAST(:reservationId AS uuid), sku, shard, 'CLAIM', CAST(:qty AS integer), CAST(:qty AS integer), 0
      FROM claimed
    RETURNING id
)
SELECT count(*) AS claimed FROM recorded
