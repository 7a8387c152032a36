-- The draw, once: a room already drawn keeps its record. The public record (gzip JSON) and the
-- tickets as taken, written just before in the same transaction (record_draw_record.sql,
-- record_draw_tickets.sql), are made of the same tickets, order and second.
UPDATE sale_room
   SET drawn_at = :drawnAt, lottery_order = CAST(:order AS text[])
 WHERE sale_id = :saleId
   AND drawn_at IS NULL
