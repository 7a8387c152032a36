-- Where the sweeper has work: SKUs with at least one hold past its deadline.
SELECT DISTINCT sku
  FROM reservation
 WHERE status = 'HELD'
   AND expires_at <= now()
 LIMIT :maxSkus
