-- A merchandiser's new units for one shard (locked by the caller): never below what it holds or sold.
UPDATE stock_shard SET total = CAST(:total AS integer)
 WHERE sku = :sku
   AND shard = CAST(:shard AS smallint)
   AND held + sold <= CAST(:total AS integer)
RETURNING shard
