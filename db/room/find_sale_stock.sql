-- A sale's units over all its SKUs: what admission may hand out, and whether any may come back.
SELECT coalesce(sum(total - held - sold), 0) AS available, coalesce(sum(held), 0) AS held
  FROM stock
 WHERE sale_id = :saleId
