-- The units these buyers hold and have bought in the sale (:buyers is a text array literal); a
-- buyer with none has no row.
SELECT buyer_id, units
  FROM buyer_units
 WHERE sale_id = :saleId
   AND buyer_id = ANY (CAST(:buyers AS varchar[]))
