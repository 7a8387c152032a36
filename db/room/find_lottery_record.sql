-- The room's public lottery record as stored (gzip JSON; null: not drawn, or drawn before it was stored).
SELECT drawn_at, lottery_record
  FROM sale_room
 WHERE sale_id = :saleId
