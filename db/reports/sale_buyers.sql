-- How many buyers of a sale held a unit, per SKU and (sku null) for the whole sale, where a buyer of
-- several SKUs counts once. A buyer is a storefront key's, as everywhere: two keys' same buyer id are
-- two buyers.
SELECT sku, count(*) AS buyers
FROM (SELECT DISTINCT r.sku, r.owner, r.buyer_id
      FROM reservation r JOIN sku_item i ON i.sku = r.sku
      WHERE i.sale_id = :saleId) sku_buyers
GROUP BY sku
UNION ALL
SELECT NULL, count(*)
FROM (SELECT DISTINCT r.owner, r.buyer_id
      FROM reservation r JOIN sku_item i ON i.sku = r.sku
      WHERE i.sale_id = :saleId) sale_buyers
