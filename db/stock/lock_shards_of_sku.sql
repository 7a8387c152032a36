-- The end game of a sharded SKU: every shard row locked, in shard order (the one order every
-- transaction that locks several shards uses), with what each has free.
SELECT shard, total, total - held - sold AS free
  FROM stock_shard
 WHERE sku = :sku
 ORDER BY shard
   FOR UPDATE
