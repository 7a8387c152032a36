-- The draw, once: a room already drawn keeps its record.
UPDATE sale_room
   SET drawn_at = now(), lottery_tickets = CAST(:tickets AS text[]), lottery_order = CAST(:order AS text[])
 WHERE sale_id = :saleId
   AND drawn_at IS NULL
