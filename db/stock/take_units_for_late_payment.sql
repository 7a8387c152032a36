-- Late payment under policy RECLAIM: an EXPIRED reservation becomes CONFIRMED only if its
-- units can be taken again, straight into sold, by the same guarded check as a claim, on the
-- shard with the most units free (which becomes the reservation's shard), and only while the
-- sale is open: a sale paused or closed after the caller read it refuses the take here.
-- The reservation row is locked first, so two late confirmations cannot both re-claim. The
-- units count again for their buyer (the cap is not checked: they are that buyer's own order).
WITH target AS (
    SELECT id, sku, qty, owner, buyer_id
      FROM reservation
     WHERE id = :id
       AND status = 'EXPIRED'
       FOR UPDATE
), candidate AS (
    SELECT sh.sku, sh.shard
      FROM stock_shard sh
      JOIN target ON target.sku = sh.sku
     WHERE sh.total - sh.held - sh.sold >= target.qty
     ORDER BY sh.total - sh.held - sh.sold DESC
     LIMIT 1
), reclaimed AS (
    UPDATE stock_shard
       SET sold = stock_shard.sold + target.qty
      FROM target, candidate
     WHERE stock_shard.sku = candidate.sku
       AND stock_shard.shard = candidate.shard
       AND stock_shard.total - stock_shard.held - stock_shard.sold >= target.qty
       AND sku_on_sale(stock_shard.sku)
    RETURNING target.id, target.sku, stock_shard.shard, target.qty
), confirmed AS (
    UPDATE reservation
       SET status = 'CONFIRMED', shard = reclaimed.shard, updated_at = now()
      FROM reclaimed
     WHERE reservation.id = reclaimed.id
    RETURNING reservation.id
), recorded AS (
    INSERT INTO stock_movement (reservation_id, sku, shard, kind, qty, held_delta, sold_delta)
    SELECT id, sku, shard, 'RECLAIM', qty, 0, qty FROM reclaimed
    RETURNING id
), counted AS (
    INSERT INTO buyer_units AS b (sale_id, owner, buyer_id, units)
    SELECT i.sale_id, target.owner, target.buyer_id, reclaimed.qty
      FROM reclaimed
      JOIN target ON target.id = reclaimed.id
      JOIN sku_item i ON i.sku = reclaimed.sku
        ON CONFLICT (sale_id, owner, buyer_id) DO UPDATE
       SET units = b.units + excluded.units
    RETURNING b.buyer_id
)
SELECT (SELECT count(*) FROM confirmed) AS transitions
