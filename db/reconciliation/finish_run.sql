UPDATE reconciliation_run
   SET finished_at = clock_timestamp(), redis_checked = :redisChecked, skus_checked = :skusChecked, gaps = :gaps
 WHERE id = :id
