-- The first and the last second of a sale's activity (null: none yet).
SELECT min(a.second) AS first, max(a.second) AS last
FROM sku_activity a JOIN sku_item i ON i.sku = a.sku
WHERE i.sale_id = :saleId
