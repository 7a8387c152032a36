-- Late payment under policy RECLAIM: an EXPIRED reservation becomes CONFIRMED only if its
-- units can be taken again, straight into sold, by the same guarded check as a claim.
-- The reservation row is locked first, so two late confirmations cannot both re-claim.
WITH target AS (
    SELECT id, sku, qty
      FROM reservation
     WHERE id = :id
       AND status = 'EXPIRED'
       FOR UPDATE
), reclaimed AS (
    UPDATE stock
       SET sold = stock.sold + target.qty
      FROM target
     WHERE stock.sku = target.sku
       AND stock.total - stock.held - stock.sold >= target.qty
    RETURNING target.id, target.sku, target.qty
), confirmed AS (
    UPDATE reservation
       SET status = 'CONFIRMED', updated_at = now()
      FROM reclaimed
     WHERE reservation.id = reclaimed.id
    RETURNING reservation.id
), recorded AS (
    INSERT INTO stock_movement (reservation_id, sku, kind, qty, held_delta, sold_delta)
    SELECT id, sku, 'RECLAIM', qty, 0, qty FROM reclaimed
    RETURNING id
)
SELECT (SELECT count(*) FROM confirmed) AS transitions
