SELECT sku, shards, total, total - held - sold AS available, held, sold
  FROM stock
 WHERE sale_id = :saleId
 ORDER BY sku
