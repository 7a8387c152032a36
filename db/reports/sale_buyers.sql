-- How many buyers of a sale held a unit (a buyer of several SKUs counts once).
SELECT count(DISTINCT r.buyer_id) AS buyers
FROM reservation r JOIN sku_item s ON s.sku = r.sku
WHERE s.sale_id = :saleId
