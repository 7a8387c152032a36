-- The connections this node's pool holds open in this database (nodes tell theirs apart by
-- application_name, flashsale.db.application-name), and how many of them are in use: running a
-- statement, or inside a transaction. The connection asking counts as open, not as in use.
SELECT count(*) AS open,
       count(*) FILTER (WHERE state <> 'idle' AND pid <> pg_backend_pid()) AS in_use
  FROM pg_stat_activity
 WHERE application_name = current_setting('application_name')
   AND datname = current_database()
