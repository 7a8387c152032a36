-- The public record of a drawn room, once: written by the draw's transaction after the order
-- (record_draw.sql), or on the first read of a room drawn before records were stored.
UPDATE sale_room
   SET lottery_record = :record
 WHERE sale_id = :saleId
   AND drawn_at IS NOT NULL
   AND lottery_record IS NULL
