-- The public record of a room drawn before records were stored, once.
UPDATE sale_room
   SET lottery_record = :record
 WHERE sale_id = :saleId
   AND drawn_at IS NOT NULL
   AND lottery_record IS NULL
