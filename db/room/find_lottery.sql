-- What a lottery record is made of, for a room drawn before records were stored. Tickets are
-- letters, digits, '_' and '-': the lists come space-separated.
SELECT seed, seed_hash, drawn_at, array_to_string(lottery_tickets, ' ') AS lottery_tickets,
       array_to_string(lottery_order, ' ') AS lottery_order
  FROM sale_room
 WHERE sale_id = :saleId
   AND drawn_at IS NOT NULL
