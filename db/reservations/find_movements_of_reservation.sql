-- A reservation's history from the ledger, oldest first.
SELECT id, kind, qty, held_delta, sold_delta, at, txid, extended_to
  FROM stock_movement
 WHERE reservation_id = :reservationId
 ORDER BY id
