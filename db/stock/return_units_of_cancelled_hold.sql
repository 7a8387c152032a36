-- HELD -> CANCELLED by the buyer; the units go back to available on the hold's shard, and out
-- of the buyer's count in the sale, in the same statement.
WITH cancelled AS (
    UPDATE reservation
       SET status = 'CANCELLED', updated_at = now()
     WHERE id = :id
       AND status = 'HELD'
    RETURNING id, sku, shard, qty, owner, buyer_id
), released AS (
    UPDATE stock_shard
       SET held = stock_shard.held - cancelled.qty
      FROM cancelled
     WHERE stock_shard.sku = cancelled.sku
       AND stock_shard.shard = cancelled.shard
       AND stock_shard.held >= cancelled.qty
    RETURNING stock_shard.sku
), recorded AS (
    INSERT INTO stock_movement (reservation_id, sku, shard, kind, qty, held_delta, sold_delta)
    SELECT id, sku, shard, 'CANCEL', qty, -qty, 0 FROM cancelled
    RETURNING id
), uncounted AS (
    UPDATE buyer_units b
       SET units = b.units - cancelled.qty
      FROM cancelled
      JOIN sku_item i ON i.sku = cancelled.sku
     WHERE b.sale_id = i.sale_id
       AND b.owner = cancelled.owner
       AND b.buyer_id = cancelled.buyer_id
    RETURNING b.buyer_id
)
SELECT (SELECT count(*) FROM cancelled) AS transitions,
       (SELECT count(*) FROM released) AS stock_rows
