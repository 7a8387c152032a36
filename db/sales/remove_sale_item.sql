-- Takes a SKU out of a sale that never opened and that nobody reserved (its shards go with it).
DELETE FROM sku_item i
 WHERE i.sku = :sku AND i.sale_id = :saleId
   AND EXISTS (SELECT 1 FROM sale s WHERE s.id = i.sale_id AND s.status = 'DRAFT')
   AND NOT EXISTS (SELECT 1 FROM reservation r WHERE r.sku = i.sku)
RETURNING sku
