-- Locks one stock row of a SKU until the transaction ends, and tells its free units.
SELECT total - held - sold AS free
  FROM stock_shard
 WHERE sku = :sku
   AND shard = CAST(:shard AS smallint)
   FOR UPDATE
