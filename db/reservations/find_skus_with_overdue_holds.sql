-- Where the sweeper has work: the shards of SKUs with at least one hold past its deadline.
SELECT DISTINCT sku, shard
  FROM reservation
 WHERE status = 'HELD'
   AND expires_at <= now()
 ORDER BY sku, shard
 LIMIT :maxSkus
