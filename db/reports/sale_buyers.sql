-- How many buyers of a sale held a unit (a buyer of several SKUs counts once; a buyer is a storefront key's,
-- as everywhere: two keys' same buyer id are two buyers).
SELECT count(DISTINCT (r.owner, r.buyer_id)) AS buyers
FROM reservation r JOIN sku_item s ON s.sku = r.sku
WHERE s.sale_id = :saleId
