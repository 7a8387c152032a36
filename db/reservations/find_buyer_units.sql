-- The units these buyers hold and have bought in the sale, each buyer in its key owner's space
-- (:owners and :buyers are array literals of equal length, one pair per buyer); a buyer with none
-- has no row.
SELECT b.owner, b.buyer_id, b.units
  FROM buyer_units b
  JOIN unnest(CAST(:owners AS uuid[]), CAST(:buyers AS varchar[])) AS asked (owner, buyer_id)
    ON asked.owner = b.owner AND asked.buyer_id = b.buyer_id
 WHERE b.sale_id = :saleId
