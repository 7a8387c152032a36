-- The draw, once: a room already drawn keeps its record. The public record (gzip JSON) is made of
-- the same tickets, order and second.
UPDATE sale_room
   SET drawn_at = :drawnAt, lottery_tickets = CAST(:tickets AS text[]), lottery_order = CAST(:order AS text[]),
       lottery_record = :record
 WHERE sale_id = :saleId
   AND drawn_at IS NULL
