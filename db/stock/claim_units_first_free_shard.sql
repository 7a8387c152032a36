-- The first try of a claim on a sharded SKU: takes :qty units from the first shard, walking
-- forward from shard :start, that has them and that no other transaction is holding right now
-- (SKIP LOCKED). It never waits and keeps no lock when it finds nothing; the guarded UPDATE
-- still decides. Zero back: every shard is full or busy (the caller then waits its turn).
WITH target AS (
    SELECT sku, shard
      FROM stock_shard
     WHERE sku = :sku
       AND total - held - sold >= CAST(:qty AS integer)
     ORDER BY (shard + CAST(:shards AS integer) - CAST(:start AS integer)) % CAST(:shards AS integer)
     LIMIT 1
       FOR UPDATE SKIP LOCKED
), claimed AS (
    UPDATE stock_shard
       SET held = stock_shard.held + CAST(:qty AS integer)
      FROM target
     WHERE stock_shard.sku = target.sku
       AND stock_shard.shard = target.shard
       AND stock_shard.total - stock_shard.held - stock_shard.sold >= CAST(:qty AS integer)
       AND EXISTS (SELECT 1
                     FROM sku_item i
                     JOIN sale ON sale.id = i.sale_id
                    WHERE i.sku = stock_shard.sku AND sale.status = 'OPEN')
    RETURNING stock_shard.sku, stock_shard.shard
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
