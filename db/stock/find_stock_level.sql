-- The counts of one SKU (the sums over its shards); no row when no sale has it.
SELECT sku, shards, total, total - held - sold AS available, held, sold
  FROM stock
 WHERE sku = :sku
