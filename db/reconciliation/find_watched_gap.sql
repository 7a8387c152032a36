-- The gap of :kind (REDIS_LOW or REDIS_HIGH) the previous finished run left to watch for this SKU,
-- if any: the same gap seen again now is corrected.
SELECT g.postgres_value, g.other_value
  FROM reconciliation_gap g
 WHERE g.sku = :sku
   AND g.kind = :kind
   AND g.action = 'WATCHED'
   AND g.run_id = (SELECT max(id) FROM reconciliation_run WHERE finished_at IS NOT NULL AND redis_checked AND id < :runId)
