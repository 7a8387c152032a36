-- Which of these admission tickets (:tickets, a text array literal) bought a checkout in the sale
-- already: a ticket buys one (db/stock/take_units.sql records it with its hold).
SELECT ticket
  FROM admission_checkout
 WHERE sale_id = :saleId
   AND ticket = ANY (CAST(:tickets AS varchar[]))
