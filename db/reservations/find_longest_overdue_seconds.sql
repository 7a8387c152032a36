-- How long the most overdue hold has been past its deadline, in seconds (0 when none is): the
-- sweeper's lag. One probe of the live-hold index.
SELECT COALESCE(EXTRACT(EPOCH FROM now() - min(expires_at)), 0)
  FROM reservation
 WHERE status = 'HELD'
   AND expires_at <= now()
