-- The shards of :sku that have a hold past its deadline, in shard order: usually none, found by
-- one probe of the live-hold index, so a sold-out buyer does not try every shard for nothing.
SELECT DISTINCT shard
  FROM reservation
 WHERE sku = :sku
   AND status = 'HELD'
   AND expires_at <= now()
 ORDER BY shard
