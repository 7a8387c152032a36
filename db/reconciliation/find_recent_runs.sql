SELECT id, started_at, finished_at, node, redis_checked, skus_checked, gaps
  FROM reconciliation_run
 ORDER BY id DESC
 LIMIT :limit
