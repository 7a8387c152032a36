-- The room's seed (and its hash, for the record) and, when it was drawn already, the order: locked, so that nodes drawing at
-- the same second record one draw.
SELECT seed, seed_hash, drawn_at, array_to_string(lottery_order, ' ') AS lottery_order
  FROM sale_room
 WHERE sale_id = :saleId
   FOR UPDATE
