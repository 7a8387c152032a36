-- The pre-queue's tickets in the order they were taken, recorded alone just before the draw's
-- order (record_draw.sql) in the same transaction, under the draw's lock of the room's row.
UPDATE sale_room
   SET lottery_tickets = CAST(:tickets AS text[])
 WHERE sale_id = :saleId
   AND drawn_at IS NULL
